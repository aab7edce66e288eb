//===- SSABuilderTest.cpp - SSA construction on long chains of blocks ------===//
#include "pyjit/ir/IRBuilder.h"
#include "pyjit/ir/Passes.h"
#include "pyjit/ir/SSABuilder.h"
#include "pyjit/ir/Verifier.h"
#include <gtest/gtest.h>

using namespace pyjit;
using namespace pyjit::ir;

namespace {

// A kernel inlining 2**14 device-function calls leaves a chain of that many
// blocks, one predecessor each. Reading a variable defined before the chain,
// ordering the blocks and verifying them must not recurse once per block
// (each did, and overflowed the stack at ~30000 blocks).
TEST(SSABuilderTest, ReadsAVariableAcrossAChainOfAHundredThousandBlocks) {
  constexpr unsigned kBlocks = 100000;
  TypeContext ctx;
  Function fn("k", ctx.none());
  Argument *a = fn.addArgument(ctx.array(ctx.int64(), 1, Layout::C), "a");
  IRBuilder b(ctx);
  SSABuilder ssa(fn, b);
  BasicBlock *bb = fn.createBlock();
  b.setInsertBlock(bb);
  ssa.sealBlock(bb);
  Value *seven = b.constInt(ctx.int64(), 7);
  ssa.writeVariable("x", bb, seven);
  for (unsigned i = 0; i < kBlocks; ++i) {
    BasicBlock *next = fn.createBlock();
    b.br(next);
    ssa.sealBlock(next);
    b.setInsertBlock(next);
    bb = next;
  }
  // No phi: the only definition reaches the end through single predecessors.
  EXPECT_EQ(ssa.readVariable("x", ctx.int64(), bb), seven);
  // Each block on the way now knows it too (a second read is a lookup).
  EXPECT_EQ(ssa.readVariable("x", ctx.int64(), fn.blocks()[kBlocks / 2].get()), seven);
  b.arrayStore(a, {b.constInt(ctx.int64(), 0)}, seven);
  b.ret();

  std::vector<BasicBlock *> rpo = fn.reversePostOrder();
  ASSERT_EQ(rpo.size(), kBlocks + 1);
  EXPECT_EQ(rpo.front(), fn.entry());
  EXPECT_EQ(rpo.back(), bb);
  EXPECT_FALSE(verifyFunction(fn));
  ASSERT_FALSE(runCleanupPasses(fn, ctx));
  EXPECT_EQ(fn.blocks().size(), 1u); // the chain merges into the entry
}

// A join at the end of the chain: the phi's operands are read through both
// arms, each a long chain, and the phi is trivial (both give the same value).
TEST(SSABuilderTest, RemovesATrivialPhiAtTheEndOfTwoLongChains) {
  constexpr unsigned kBlocks = 50000;
  TypeContext ctx;
  Function fn("k", ctx.none());
  fn.addArgument(ctx.int64(), "n");
  IRBuilder b(ctx);
  SSABuilder ssa(fn, b);
  BasicBlock *entry = fn.createBlock(), *join = fn.createBlock();
  b.setInsertBlock(entry);
  ssa.sealBlock(entry);
  Value *seven = b.constInt(ctx.int64(), 7);
  ssa.writeVariable("x", entry, seven);
  BasicBlock *left = fn.createBlock(), *right = fn.createBlock();
  b.condBr(b.constBool(true), left, right);
  for (BasicBlock *arm : {left, right}) {
    ssa.sealBlock(arm);
    b.setInsertBlock(arm);
    for (unsigned i = 0; i < kBlocks; ++i) {
      BasicBlock *next = fn.createBlock();
      b.br(next);
      ssa.sealBlock(next);
      b.setInsertBlock(next);
    }
    b.br(join);
  }
  ssa.sealBlock(join);
  b.setInsertBlock(join);
  EXPECT_EQ(ssa.readVariable("x", ctx.int64(), join), seven);
  b.ret();
  EXPECT_FALSE(verifyFunction(fn));
}

} // namespace
