//===- LiteralUnrollTest.cpp - literal_unroll loops written out ----------===//
#include "pyjit/frontend/LiteralUnroll.h"
#include "pyjit/frontend/Parser.h"
#include <gtest/gtest.h>
#include <memory>
#include <string>

using namespace pyjit;
using namespace pyjit::ast;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

namespace {

/// Parses `def k(t, a):` + body, writes its literal_unroll loops out with
/// `t` a tuple of `length` elements (none: unknown), and returns the module.
struct Unrolled {
  explicit Unrolled(const std::string &body, std::optional<size_t> length)
      : file("t.py", "def k(t, a):\n" + body), diags(file) {
    module = parseSource(file, diags);
    EXPECT_TRUE(module) << diags.render();
    UnrollFacts facts;
    facts.isLiteralUnroll = [](const Expr &callee) {
      auto *n = dyn_cast<NameExpr>(&callee);
      return n && n->name == "literal_unroll";
    };
    facts.tupleSize = [length](llvm::StringRef name) {
      return name == "t" ? length : std::nullopt;
    };
    facts.reparse = [this] {
      DiagnosticEngine quiet(file);
      return parseSource(file, quiet);
    };
    if (module)
      unrollLiteralLoops(*module->functions[0], facts);
  }
  Block &body() { return module->functions[0]->body; }

  SourceFile file;
  DiagnosticEngine diags;
  std::unique_ptr<Module> module;
};

/// `name = t[k]`: the copy's first statement.
bool assignsElement(const Stmt &s, const std::string &name, int64_t k, const std::string &tuple) {
  auto *a = dyn_cast<AssignStmt>(&s);
  if (!a || a->targets.size() != 1 || !isa<NameExpr>(*a->targets[0]) ||
      cast<NameExpr>(*a->targets[0]).name != name)
    return false;
  auto *sub = dyn_cast<SubscriptExpr>(a->value.get());
  auto *base = sub ? dyn_cast<NameExpr>(sub->value.get()) : nullptr;
  auto *index = sub ? dyn_cast<IntLitExpr>(sub->index.get()) : nullptr;
  return base && base->name == tuple && index && index->value == k;
}

/// The copies of the loop `s` (`for $unrollN in range(n):` over a chain of
/// `if $unrollN == k:` ... `else:` the last copy), in order; empty if `s` is
/// not such a loop of `n` copies.
std::vector<const Block *> copiesOf(const Stmt &s, size_t n) {
  std::vector<const Block *> copies;
  auto *f = dyn_cast<ForStmt>(&s);
  auto *counter = f ? dyn_cast<NameExpr>(f->target.get()) : nullptr;
  auto *range = f ? dyn_cast<CallExpr>(f->iter.get()) : nullptr;
  if (!counter || counter->name.rfind("$unroll", 0) != 0 || !range || range->args.size() != 1 ||
      !isa<IntLitExpr>(*range->args[0]) ||
      cast<IntLitExpr>(*range->args[0]).value != static_cast<int64_t>(n))
    return {};
  const Block *at = &f->body;
  for (size_t k = 0; k + 1 < n; ++k) {
    auto *test = at->size() == 1 ? dyn_cast<IfStmt>((*at)[0].get()) : nullptr;
    auto *cmp = test ? dyn_cast<CompareExpr>(test->cond.get()) : nullptr;
    if (!cmp || cmp->ops.size() != 1 || cmp->ops[0] != CompareOp::Eq ||
        !isa<NameExpr>(*cmp->operands[0]) ||
        cast<NameExpr>(*cmp->operands[0]).name != counter->name ||
        !isa<IntLitExpr>(*cmp->operands[1]) ||
        cast<IntLitExpr>(*cmp->operands[1]).value != static_cast<int64_t>(k))
      return {};
    copies.push_back(&test->body);
    at = &test->orelse;
  }
  copies.push_back(at);
  return copies;
}

TEST(LiteralUnrollTest, EachElementGetsACopyOfTheBody) {
  Unrolled u("    for v in literal_unroll(t):\n        a[0] = v\n", 3);
  ASSERT_EQ(u.body().size(), 1u);
  std::vector<const Block *> copies = copiesOf(*u.body()[0], 3);
  ASSERT_EQ(copies.size(), 3u);
  for (int64_t k = 0; k < 3; ++k) {
    ASSERT_EQ(copies[k]->size(), 2u);
    EXPECT_TRUE(assignsElement(*(*copies[k])[0], "v", k, "t"));
    EXPECT_TRUE(isa<AssignStmt>(*(*copies[k])[1]));
    // each copy is a node of its own, at the body's source line
    EXPECT_EQ((*copies[k])[1]->range().begin.line, 3u);
  }
  EXPECT_NE((*copies[0])[1].get(), (*copies[1])[1].get());
}

TEST(LiteralUnrollTest, ATupleWrittenInPlaceIsEvaluatedOnceFirst) {
  Unrolled u("    for v in literal_unroll((1, 2.5)):\n        a[0] = v\n", std::nullopt);
  ASSERT_EQ(u.body().size(), 2u);
  auto *first = dyn_cast<AssignStmt>(u.body()[0].get());
  ASSERT_TRUE(first);
  EXPECT_EQ(cast<NameExpr>(*first->targets[0]).name, "$tuple0");
  EXPECT_TRUE(isa<TupleExpr>(*first->value));
  std::vector<const Block *> copies = copiesOf(*u.body()[1], 2);
  ASSERT_EQ(copies.size(), 2u);
  EXPECT_TRUE(assignsElement(*(*copies[0])[0], "v", 0, "$tuple0"));
  EXPECT_TRUE(assignsElement(*(*copies[1])[0], "v", 1, "$tuple0"));
}

// A tuple of literals with a string among them is indexed where it is
// written (no temporary): each copy's string stays a compile-time value.
TEST(LiteralUnrollTest, ATupleOfLiteralStringsIsIndexedInPlace) {
  Unrolled u("    for op in literal_unroll((\"add\", \"mul\")):\n        a[0] = op\n",
             std::nullopt);
  ASSERT_EQ(u.body().size(), 1u);
  std::vector<const Block *> copies = copiesOf(*u.body()[0], 2);
  ASSERT_EQ(copies.size(), 2u);
  auto *first = dyn_cast<AssignStmt>((*copies[0])[0].get());
  ASSERT_TRUE(first);
  EXPECT_EQ(cast<NameExpr>(*first->targets[0]).name, "op");
  auto *element = dyn_cast<SubscriptExpr>(first->value.get());
  ASSERT_TRUE(element);
  EXPECT_TRUE(isa<TupleExpr>(*element->value));
}

// `break`, `continue` and `else:` stay the loop's: the loop over the copies
// keeps the body's statements as written and takes the `else:` block.
TEST(LiteralUnrollTest, BreakAndElseBelongToTheLoopOverTheCopies) {
  Unrolled u("    for v in literal_unroll(t):\n        if v:\n            break\n"
             "    else:\n        a[0] = 1\n",
             2);
  ASSERT_EQ(u.body().size(), 1u);
  std::vector<const Block *> copies = copiesOf(*u.body()[0], 2);
  ASSERT_EQ(copies.size(), 2u);
  for (const Block *c : copies) {
    ASSERT_EQ(c->size(), 2u);
    auto *test = dyn_cast<IfStmt>((*c)[1].get());
    ASSERT_TRUE(test);
    ASSERT_EQ(test->body.size(), 1u);
    EXPECT_TRUE(isa<BreakStmt>(*test->body[0]));
  }
  auto *loop = cast<ForStmt>(u.body()[0].get());
  ASSERT_EQ(loop->orelse.size(), 1u);
  EXPECT_TRUE(isa<AssignStmt>(*loop->orelse[0]));
}

// An empty tuple: no copy; the `else:` block runs in the loop's place.
TEST(LiteralUnrollTest, AnEmptyTupleLeavesTheElseBlock) {
  Unrolled u("    for v in literal_unroll(()):\n        a[0] = v\n    else:\n        a[1] = 2\n",
             std::nullopt);
  ASSERT_EQ(u.body().size(), 2u); // `$tuple0 = ()`, then the else block
  EXPECT_TRUE(isa<AssignStmt>(*u.body()[1]));
  EXPECT_EQ(u.body()[1]->range().begin.line, 5u);
}

TEST(LiteralUnrollTest, UnknownLengthOrAReassignedNameKeepsTheLoop) {
  Unrolled unknown("    for v in literal_unroll(t):\n        a[0] = v\n", std::nullopt);
  ASSERT_EQ(unknown.body().size(), 1u);
  EXPECT_TRUE(isa<ForStmt>(*unknown.body()[0]));
  Unrolled reassigned("    t = (1, 2)\n    for v in literal_unroll(t):\n        a[0] = v\n", 3);
  ASSERT_EQ(reassigned.body().size(), 2u);
  EXPECT_TRUE(isa<ForStmt>(*reassigned.body()[1]));
  Unrolled plain("    for v in t:\n        a[0] = v\n", 3);
  ASSERT_EQ(plain.body().size(), 1u);
  // A local assigned tuples of two lengths: unknown.
  Unrolled twoLengths("    if a[0]:\n        u = (1, 2)\n    else:\n        u = (1, 2, 3)\n"
                      "    for v in literal_unroll(u):\n        a[0] = v\n",
                      std::nullopt);
  ASSERT_EQ(twoLengths.body().size(), 2u);
  EXPECT_TRUE(isa<ForStmt>(*twoLengths.body()[1]));
}

TEST(LiteralUnrollTest, ALocalTupleIsReadOnceAndWrittenOut) {
  // `u = (1, 2.5)` before the loop: the loop copies `$tuple0 = u` first (the
  // body may assign u again), then one copy per element.
  Unrolled local("    u = (1, 2.5)\n    for v in literal_unroll(u):\n        a[0] = v\n",
                 std::nullopt);
  ASSERT_EQ(local.body().size(), 3u);
  auto *copy = dyn_cast<AssignStmt>(local.body()[1].get());
  ASSERT_TRUE(copy);
  EXPECT_EQ(cast<NameExpr>(*copy->targets[0]).name, "$tuple0");
  EXPECT_EQ(cast<NameExpr>(*copy->value).name, "u");
  std::vector<const Block *> copies = copiesOf(*local.body()[2], 2);
  ASSERT_EQ(copies.size(), 2u);
  EXPECT_TRUE(assignsElement(*copies[0]->front(), "v", 0, "$tuple0"));
  EXPECT_TRUE(assignsElement(*copies[1]->front(), "v", 1, "$tuple0"));
  // A parameter assigned a tuple of its own length: known either way.
  Unrolled same("    t = (1, 2)\n    for v in literal_unroll(t):\n        a[0] = v\n", 2);
  ASSERT_EQ(same.body().size(), 3u);
  EXPECT_EQ(copiesOf(*same.body()[2], 2).size(), 2u);
}

} // namespace
