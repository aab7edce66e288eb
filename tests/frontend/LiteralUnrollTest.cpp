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

TEST(LiteralUnrollTest, EachElementGetsACopyOfTheBody) {
  Unrolled u("    for v in literal_unroll(t):\n        a[0] = v\n", 3);
  ASSERT_EQ(u.body().size(), 6u);
  for (int64_t k = 0; k < 3; ++k) {
    EXPECT_TRUE(assignsElement(*u.body()[2 * k], "v", k, "t"));
    EXPECT_TRUE(isa<AssignStmt>(*u.body()[2 * k + 1]));
    // each copy is a node of its own, at the body's source line
    EXPECT_EQ(u.body()[2 * k + 1]->range().begin.line, 3u);
  }
  EXPECT_NE(u.body()[1].get(), u.body()[3].get());
}

TEST(LiteralUnrollTest, ATupleWrittenInPlaceIsEvaluatedOnceFirst) {
  Unrolled u("    for v in literal_unroll((1, 2.5)):\n        a[0] = v\n", std::nullopt);
  ASSERT_EQ(u.body().size(), 5u);
  auto *first = dyn_cast<AssignStmt>(u.body()[0].get());
  ASSERT_TRUE(first);
  EXPECT_EQ(cast<NameExpr>(*first->targets[0]).name, "$tuple0");
  EXPECT_TRUE(isa<TupleExpr>(*first->value));
  EXPECT_TRUE(assignsElement(*u.body()[1], "v", 0, "$tuple0"));
  EXPECT_TRUE(assignsElement(*u.body()[3], "v", 1, "$tuple0"));
}

// A tuple of literals with a string among them is indexed where it is
// written (no temporary): each copy's string stays a compile-time value.
TEST(LiteralUnrollTest, ATupleOfLiteralStringsIsIndexedInPlace) {
  Unrolled u("    for op in literal_unroll((\"add\", \"mul\")):\n        a[0] = op\n",
             std::nullopt);
  ASSERT_EQ(u.body().size(), 4u);
  auto *first = dyn_cast<AssignStmt>(u.body()[0].get());
  ASSERT_TRUE(first);
  EXPECT_EQ(cast<NameExpr>(*first->targets[0]).name, "op");
  auto *element = dyn_cast<SubscriptExpr>(first->value.get());
  ASSERT_TRUE(element);
  EXPECT_TRUE(isa<TupleExpr>(*element->value));
}

TEST(LiteralUnrollTest, BreakSetsAFlagTheLaterCopiesAndElseTest) {
  Unrolled u("    for v in literal_unroll(t):\n        if v:\n            break\n"
             "    else:\n        a[0] = 1\n",
             2);
  // $broken0 = False; copy 0 in `for $unroll in range(1)`; if not $broken0:
  // copy 1; if not $broken0: the else block
  ASSERT_EQ(u.body().size(), 4u);
  auto *init = dyn_cast<AssignStmt>(u.body()[0].get());
  ASSERT_TRUE(init);
  EXPECT_EQ(cast<NameExpr>(*init->targets[0]).name, "$broken0");
  auto *copy0 = dyn_cast<ForStmt>(u.body()[1].get());
  ASSERT_TRUE(copy0);
  EXPECT_EQ(cast<NameExpr>(*copy0->target).name, "$unroll");
  // the break now sets the flag first
  auto *test = dyn_cast<IfStmt>(copy0->body[1].get());
  ASSERT_TRUE(test);
  ASSERT_EQ(test->body.size(), 2u);
  EXPECT_TRUE(isa<AssignStmt>(*test->body[0]));
  EXPECT_TRUE(isa<BreakStmt>(*test->body[1]));
  EXPECT_TRUE(isa<IfStmt>(*u.body()[2]));
  EXPECT_TRUE(isa<IfStmt>(*u.body()[3]));
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
}

} // namespace
