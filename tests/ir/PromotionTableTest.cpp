//===- PromotionTableTest.cpp - Every scalar pair under every operator ---===//
//
// The expected types come from tests/ir/gen_promotion_table.py, which derives
// them from NumPy 2 (np.result_type, NEP 50) and numba's integer rule as
// docs/language.md documents them, not from pyjit.
//
//===----------------------------------------------------------------------===//
#include "pyjit/ir/TypeRules.h"
#include <gtest/gtest.h>
#include <string>

using namespace pyjit;
using namespace pyjit::ir;

namespace {

struct Row {
  const char *lhs, *rhs, *op, *expected;
};

const Row table[] = {
#include "PromotionTable.inc"
};

ast::BinaryOp opOf(llvm::StringRef op) {
  using B = ast::BinaryOp;
  if (op == "+") return B::Add;
  if (op == "-") return B::Sub;
  if (op == "*") return B::Mul;
  if (op == "/") return B::TrueDiv;
  if (op == "//") return B::FloorDiv;
  if (op == "%") return B::Mod;
  if (op == "**") return B::Pow;
  if (op == "&") return B::BitAnd;
  if (op == "|") return B::BitOr;
  if (op == "^") return B::BitXor;
  if (op == "<<") return B::Shl;
  return B::Shr;
}

TypedOperand operand(TypeContext &ctx, llvm::StringRef name) {
  if (name == "int!")
    return {ctx.int64(), true};
  if (name == "float!")
    return {ctx.float64(), true};
  return {ctx.scalarByName(name), false};
}

TEST(PromotionTable, EveryPairUnderEveryOperator) {
  TypeContext ctx;
  unsigned checked = 0, mismatches = 0;
  for (const Row &row : table) {
    Type *t = binaryResultType(ctx, opOf(row.op), operand(ctx, row.lhs), operand(ctx, row.rhs));
    std::string got = t ? t->str() : "";
    if (got != row.expected && ++mismatches <= 20)
      ADD_FAILURE() << row.lhs << " " << row.op << " " << row.rhs << ": expected '"
                    << row.expected << "', got '" << got << "'";
    ++checked;
  }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_EQ(checked, (14u * 14u - 4u) * 12u); // all pairs but the 4 weak-with-weak ones
}

} // namespace
