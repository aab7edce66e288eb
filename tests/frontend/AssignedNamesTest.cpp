//===- AssignedNamesTest.cpp - The names a function body assigns ---------===//
#include "pyjit/frontend/AssignedNames.h"
#include "pyjit/frontend/Parser.h"
#include <gtest/gtest.h>
#include <string>
#include <vector>

using namespace pyjit;
using namespace pyjit::ast;

TEST(AssignedNamesTest, TargetsAtAnyDepthAndNestedDefsNotEntered) {
  SourceFile file("t.py", "def k(a):\n"
                          "    x = 1\n"
                          "    p, (q, *r) = a\n"
                          "    for i in range(3):\n"
                          "        if a[i]:\n"
                          "            x += 2\n"
                          "        while a[0]:\n"
                          "            s = 0\n"
                          "    a[0] = x\n"
                          "    def g(y):\n"
                          "        z = y\n"
                          "        return z\n");
  DiagnosticEngine diags(file);
  auto module = parseSource(file, diags);
  ASSERT_TRUE(module);
  std::vector<std::string> names, defs;
  forEachAssignedName(
      module->functions[0]->body, [&](const std::string &n) { names.push_back(n); },
      [&](const FunctionDef &d) { defs.push_back(d.name); });
  // a[0] = x assigns no name; g's z is g's own.
  EXPECT_EQ(names, (std::vector<std::string>{"x", "p", "q", "r", "i", "x", "s"}));
  EXPECT_EQ(defs, (std::vector<std::string>{"g"}));
}
