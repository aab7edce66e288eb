//===- VariableWebsTest.cpp - Names split into webs of defs and uses -----===//
#include "pyjit/frontend/Parser.h"
#include "pyjit/frontend/VariableWebs.h"
#include <gtest/gtest.h>
#include <functional>
#include <map>
#include <string>
#include <vector>

using namespace pyjit;
using namespace pyjit::ast;
using llvm::cast;
using llvm::dyn_cast;

namespace {

/// The names of every NameExpr in `fn`, in source order of statements.
void collect(const Expr &e, std::vector<std::string> &out) {
  if (auto *n = dyn_cast<NameExpr>(&e))
    out.push_back(n->name);
  else if (auto *b = dyn_cast<BinaryExpr>(&e)) {
    collect(*b->lhs, out);
    collect(*b->rhs, out);
  } else if (auto *s = dyn_cast<SubscriptExpr>(&e)) {
    collect(*s->value, out);
    collect(*s->index, out);
  }
}

/// `src` parsed, its first function split with `known` (fn() null if the
/// parse failed).
struct Split {
  explicit Split(const std::string &src, const KnownNames &known = {})
      : file("t.py", src), diags(file), module(parseSource(file, diags)) {
    EXPECT_TRUE(module) << "parse failed";
    if (module)
      splitVariableWebs(*module->functions[0], known);
  }
  FunctionDef *fn() { return module ? module->functions[0].get() : nullptr; }
  SourceFile file;
  DiagnosticEngine diags;
  std::unique_ptr<Module> module;
};

std::vector<std::string> names(const std::string &body) {
  Split split("def k(a):\n" + body);
  if (!split.fn())
    return {};
  std::vector<std::string> out;
  for (const StmtPtr &s : split.fn()->body)
    if (auto *a = dyn_cast<AssignStmt>(s.get())) {
      collect(*a->value, out);
      for (const ExprPtr &t : a->targets)
        collect(*t, out);
    }
  return out;
}

TEST(VariableWebsTest, AssignmentsReachingNoCommonReadAreSeparateVariables) {
  // per assignment: the names of its value, then of its targets
  EXPECT_EQ(names("    x = 1\n    a[0] = x\n    x = 2\n    a[1] = x\n"),
            (std::vector<std::string>{"x", "x", "a", "x~1", "x~1", "a"}));
}

TEST(VariableWebsTest, AReadSeveralAssignmentsReachReadsTheirPhi) {
  // x = 1; if a: x = 2; a[0] = x -> both definitions reach the read, which
  // reads a phi variable both write (numba's x.2 = phi(x, x.1)).
  Split split("def k(a):\n    x = 1\n    if a[0]:\n        x = 2\n    a[0] = x\n");
  ASSERT_TRUE(split.fn());
  FunctionDef &fn = *split.fn();
  auto &body = fn.body;
  auto *inner = cast<AssignStmt>(cast<IfStmt>(*body[1]).body[0].get());
  EXPECT_EQ(cast<NameExpr>(*cast<AssignStmt>(*body[0]).targets[0]).name, "x");
  EXPECT_EQ(cast<NameExpr>(*inner->targets[0]).name, "x~1");
  EXPECT_EQ(cast<NameExpr>(*cast<AssignStmt>(*body[2]).value).name, "x~2");
  using Targets = std::map<std::string, std::vector<std::string>>;
  EXPECT_EQ(fn.phiTargets, (Targets{{"x", {"x~2"}}, {"x~1", {"x~2"}}}));
}

/// `x += v` statements of `body` (in k(a)) after splitting: per statement,
/// "<source>-><target>", or "<target>" when the target is read and written.
std::vector<std::string> augmented(const std::string &body) {
  Split split("def k(a):\n" + body);
  if (!split.fn())
    return {};
  std::vector<std::string> out;
  std::function<void(const Block &)> walk = [&](const Block &b) {
    for (const StmtPtr &s : b) {
      if (auto *a = dyn_cast<AugAssignStmt>(s.get())) {
        std::string target = cast<NameExpr>(*a->target).name;
        out.push_back(a->source ? cast<NameExpr>(*a->source).name + "->" + target : target);
      }
      if (auto *f = dyn_cast<ForStmt>(s.get()))
        walk(f->body);
    }
  };
  walk(split.fn()->body);
  return out;
}

TEST(VariableWebsTest, AnAugmentedAssignmentReadsOneWebAndWritesAnother) {
  // numba's t and t.1: `t += 0.5` after `u = t >> 1` reads the first t and
  // defines a second, which the last read alone reaches.
  EXPECT_EQ(augmented("    t = a[0]\n    u = t >> 1\n    t += 0.5\n    a[1] = t + u\n"),
            (std::vector<std::string>{"t->t~1"}));
  // A loop's accumulator reads the loop's phi of its first value and itself.
  EXPECT_EQ(augmented("    s = 0\n    for i in range(3):\n        s += a[i]\n    a[0] = s\n"),
            (std::vector<std::string>{"s~2->s~1"}));
  // Twice in a row: each reads the one before.
  EXPECT_EQ(augmented("    t = 1\n    a[0] = t\n    t += 2\n    t *= 0.5\n    a[1] = t\n"),
            (std::vector<std::string>{"t->t~1", "t~1->t~2"}));
}

TEST(VariableWebsTest, AReadJoinsWhatReachesItAndTheParameterKeepsItsName) {
  // s = s + a[0] reads the first s and defines a new one; a is a parameter
  // reassigned after its last read: the new web is a~1.
  EXPECT_EQ(names("    s = 0\n    s = s + a[0]\n    a = 3\n"),
            (std::vector<std::string>{"s", "s", "a", "s~1", "a~1"}));
  EXPECT_EQ(sourceName("a~1"), "a");
}

/// The target names of the assignments of `src`'s first function (in the
/// body, then inside `if` branches), after splitting with `known`.
std::vector<std::string> targets(const std::string &src, const KnownNames &known) {
  Split split(src, known);
  if (!split.fn())
    return {};
  std::vector<std::string> out;
  std::function<void(const Block &)> walk = [&](const Block &b) {
    for (const StmtPtr &s : b) {
      if (auto *a = dyn_cast<AssignStmt>(s.get()))
        collect(*a->targets[0], out);
      if (auto *i = dyn_cast<IfStmt>(s.get())) {
        walk(i->body);
        walk(i->orelse);
      }
    }
  };
  walk(split.fn()->body);
  return out;
}

/// The name the last statement of `src`'s first function reads (its value,
/// a name), after splitting with `known`.
std::string lastRead(const std::string &src, const KnownNames &known) {
  Split split(src, known);
  if (!split.fn())
    return {};
  auto *a = dyn_cast<AssignStmt>(split.fn()->body.back().get());
  auto *n = a ? dyn_cast<NameExpr>(a->value.get()) : nullptr;
  return n ? n->name : "";
}

KnownNames noneParamS() {
  KnownNames known;
  known.isNone = [](llvm::StringRef n) -> std::optional<bool> {
    if (n == "s")
      return true;
    return std::nullopt;
  };
  known.truth = [](llvm::StringRef n) -> std::optional<bool> {
    if (n == "DEBUG")
      return false;
    return std::nullopt;
  };
  return known;
}

TEST(VariableWebsTest, ABranchTheKnownNamesDecideIsTheOnlyOneFollowed) {
  // s is None (its type): the else branch never runs, so `s = 2.0` alone
  // reaches `x = s`, and is a web apart from the parameter.
  const char *src = "def k(a, s):\n"
                    "    if s is None:\n        s = 2.0\n    else:\n        s = s\n"
                    "    x = s\n";
  // (the else branch is walked first, unreachable: its target is a version
  // of its own, s~1, that reaches no read)
  EXPECT_EQ(targets(src, noneParamS()), (std::vector<std::string>{"s~2", "s~1", "x"}));
  EXPECT_EQ(lastRead(src, noneParamS()), "s~2");
  // Not known: both branches' definitions reach x = s, which reads their phi.
  EXPECT_EQ(targets(src, {}), (std::vector<std::string>{"s~1", "s~2", "x"}));
  EXPECT_EQ(lastRead(src, {}), "s~3");
  // `not DEBUG` with DEBUG False: the body always runs, so y = 0 reaches
  // no read, and a[0] = y reads y = 1 alone.
  const char *debug = "def k(a):\n    y = 0\n    if not DEBUG:\n        y = 1\n    a[0] = y\n";
  EXPECT_EQ(targets(debug, noneParamS()), (std::vector<std::string>{"y", "y~1", "a"}));
  EXPECT_EQ(lastRead(debug, noneParamS()), "y~1");
  EXPECT_EQ(lastRead(debug, {}), "y~2");
}

TEST(VariableWebsTest, AParameterAssignedBeforeTheTestIsNotDecided) {
  // After `s = 1.0`, `s is None` is about that value, not the parameter's type.
  const char *src = "def k(a, s):\n    s = 1.0\n    if s is None:\n        s = 2\n    x = s\n";
  EXPECT_EQ(targets(src, noneParamS()), (std::vector<std::string>{"s~1", "s~2", "x"}));
  EXPECT_EQ(lastRead(src, noneParamS()), "s~3"); // both reach it
}

} // namespace
