//===- PassesTest.cpp - Constant folding, dead code, CFG simplification --===//
#include "pyjit/ir/IRBuilder.h"
#include "pyjit/ir/IRPrinter.h"
#include "pyjit/ir/Passes.h"
#include "pyjit/ir/Verifier.h"
#include <gtest/gtest.h>

using namespace pyjit;
using namespace pyjit::ir;

namespace {

std::string print(const Function &fn) {
  std::string s;
  llvm::raw_string_ostream os(s);
  printFunction(fn, os);
  return s;
}

unsigned count(const Function &fn, Opcode op) {
  unsigned n = 0;
  for (const auto &bb : fn.blocks())
    for (const auto &inst : bb->instructions())
      n += inst->opcode() == op;
  return n;
}

TEST(PassesTest, FoldsIntegerArithmeticAndCastsOfConstants) {
  TypeContext ctx;
  Function fn("k", ctx.none());
  Argument *a = fn.addArgument(ctx.array(ctx.int32(), 1, Layout::C), "a");
  IRBuilder b(ctx);
  b.setInsertBlock(fn.createBlock());
  // a[0] = int32(100 * 3 + 7): wraps to the constant 307.
  Value *v = b.binary(Opcode::Add, b.binary(Opcode::Mul, b.constInt(ctx.int64(), 100),
                                            b.constInt(ctx.int64(), 3)),
                      b.constInt(ctx.int64(), 7));
  b.arrayStore(a, {b.constInt(ctx.int64(), 0)}, b.cast(v, ctx.int32()));
  b.ret();
  ASSERT_FALSE(verifyFunction(fn));
  ASSERT_FALSE(runCleanupPasses(fn, ctx));
  EXPECT_EQ(count(fn, Opcode::Mul), 0u);
  EXPECT_EQ(count(fn, Opcode::Add), 0u);
  EXPECT_EQ(count(fn, Opcode::Cast), 0u);
  EXPECT_NE(print(fn).find("const 307 : int32"), std::string::npos) << print(fn);
}

TEST(PassesTest, FoldsABranchOnAConstantAndDropsTheDeadSide) {
  TypeContext ctx;
  Function fn("k", ctx.none());
  Argument *a = fn.addArgument(ctx.array(ctx.int64(), 1, Layout::C), "a");
  IRBuilder b(ctx);
  BasicBlock *entry = fn.createBlock(), *yes = fn.createBlock(), *no = fn.createBlock(),
             *join = fn.createBlock();
  b.setInsertBlock(entry);
  Value *zero = b.constInt(ctx.int64(), 0);
  b.condBr(b.cmp(CmpPredicate::Lt, b.constInt(ctx.int64(), 1), b.constInt(ctx.int64(), 2)), yes,
           no);
  b.setInsertBlock(yes);
  Value *one = b.constInt(ctx.int64(), 1);
  b.br(join);
  b.setInsertBlock(no);
  Value *two = b.constInt(ctx.int64(), 2);
  b.br(join);
  b.setInsertBlock(join);
  Instruction *phi = b.phi(ctx.int64(), join);
  phi->addOperand(one);
  phi->blocks().push_back(yes);
  phi->addOperand(two);
  phi->blocks().push_back(no);
  b.arrayStore(a, {zero}, phi);
  b.ret();
  ASSERT_FALSE(verifyFunction(fn));
  ASSERT_FALSE(runCleanupPasses(fn, ctx));
  // 1 < 2: only the `yes` path is left, merged into one block that stores 1.
  EXPECT_EQ(fn.blocks().size(), 1u) << print(fn);
  EXPECT_EQ(count(fn, Opcode::Phi), 0u);
  EXPECT_EQ(count(fn, Opcode::CondBr), 0u);
  EXPECT_NE(print(fn).find("store %a[%0], %1"), std::string::npos) << print(fn);
}

TEST(PassesTest, RemovesUnusedValuesButKeepsEffects) {
  TypeContext ctx;
  Function fn("k", ctx.none());
  Argument *a = fn.addArgument(ctx.array(ctx.float32(), 1, Layout::C), "a");
  IRBuilder b(ctx);
  b.setInsertBlock(fn.createBlock());
  Value *i = b.constInt(ctx.int64(), 0);
  Value *x = b.arrayLoad(a, {i});
  b.binary(Opcode::Mul, x, x);   // unused
  b.unary(Opcode::Sqrt, x);      // unused
  b.arrayStore(a, {i}, x);       // kept
  b.ret();
  ASSERT_FALSE(runCleanupPasses(fn, ctx));
  EXPECT_EQ(count(fn, Opcode::Mul), 0u);
  EXPECT_EQ(count(fn, Opcode::Sqrt), 0u);
  EXPECT_EQ(count(fn, Opcode::ArrayStore), 1u);
  EXPECT_EQ(count(fn, Opcode::ArrayLoad), 1u);
}

} // namespace
