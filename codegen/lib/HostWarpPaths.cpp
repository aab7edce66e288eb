//===- HostWarpPaths.cpp - Which lanes cuda.activemask() groups on the CPU -===//
//
// See HostWarpPaths.h.
//===----------------------------------------------------------------------===//
#include "HostWarpPaths.h"

#include "pyjit/codegen/HostABI.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace pyjit::codegen;

namespace {

/// Whether \p i is a call of pyjit_host_warp for cuda.activemask().
bool isActivemask(const llvm::Instruction &i) {
  auto *call = llvm::dyn_cast<llvm::CallInst>(&i);
  llvm::Function *callee = call ? call->getCalledFunction() : nullptr;
  if (!callee || callee->getName() != kHostWarp)
    return false;
  auto *op = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(1));
  return op && op->getSExtValue() == static_cast<int64_t>(HostWarpOp::Activemask);
}

class WarpPaths {
public:
  explicit WarpPaths(llvm::Module &m) : m(m), i64(llvm::Type::getInt64Ty(m.getContext())) {}

  void run() {
    findReaching();
    for (llvm::Function *f : reaching)
      instrument(*f);
  }

private:
  llvm::Module &m;
  llvm::Type *i64;
  llvm::SetVector<llvm::Function *> reaching; // functions that can reach an activemask
  uint64_t nextId = 0;

  /// A new ID for a loop, call or activemask (odd, spread over 64 bits).
  llvm::Value *newId() { return llvm::ConstantInt::get(i64, (++nextId * 0xD6E8FEB86659FD93ull) | 1); }

  llvm::Value *field(llvm::IRBuilder<> &b, llvm::Value *ctx, unsigned offset) {
    return b.CreateConstInBoundsGEP1_32(b.getInt8Ty(), ctx, offset);
  }
  llvm::Value *load(llvm::IRBuilder<> &b, llvm::Value *ctx,
                    unsigned offset = kHostWarpPathOffset) {
    return b.CreateAlignedLoad(i64, field(b, ctx, offset), llvm::Align(8));
  }
  void store(llvm::IRBuilder<> &b, llvm::Value *ctx, llvm::Value *v,
             unsigned offset = kHostWarpPathOffset) {
    b.CreateAlignedStore(v, field(b, ctx, offset), llvm::Align(8));
  }
  /// The path \p path extended by \p id (a multiplicative hash step).
  llvm::Value *mix(llvm::IRBuilder<> &b, llvm::Value *path, llvm::Value *id) {
    return b.CreateMul(b.CreateXor(path, id), llvm::ConstantInt::get(i64, 0x9E3779B97F4A7C15ull));
  }

  /// A loop's place in program order: that of the first activemask call
  /// inside it (their `arg`, Instruction::siteOrder, in IRGen's order); 0
  /// for a loop that reaches them only through calls.
  static uint64_t programOrder(const llvm::Loop &loop) {
    uint64_t order = 0;
    for (llvm::BasicBlock *bb : loop.blocks())
      for (llvm::Instruction &i : *bb)
        if (isActivemask(i))
          if (auto *site = llvm::dyn_cast<llvm::ConstantInt>(
                  llvm::cast<llvm::CallInst>(i).getArgOperand(4));
              site && (order == 0 || site->getZExtValue() < order))
            order = site->getZExtValue();
    return order;
  }

  bool callsReaching(const llvm::Instruction &i) const {
    auto *call = llvm::dyn_cast<llvm::CallInst>(&i);
    llvm::Function *callee = call ? call->getCalledFunction() : nullptr;
    return callee && reaching.contains(callee);
  }
  bool interesting(const llvm::Instruction &i) const { return isActivemask(i) || callsReaching(i); }

  void findReaching() {
    for (llvm::Function &f : m)
      for (llvm::Instruction &i : llvm::instructions(f))
        if (isActivemask(i)) {
          reaching.insert(&f);
          break;
        }
    for (bool grew = !reaching.empty(); grew;) { // callers, until none is added
      grew = false;
      for (llvm::Function &f : m)
        if (!reaching.contains(&f) && !f.isDeclaration())
          for (llvm::Instruction &i : llvm::instructions(f))
            if (callsReaching(i)) {
              reaching.insert(&f);
              grew = true;
              break;
            }
    }
  }

  void instrument(llvm::Function &f) {
    if (f.arg_empty() || !f.getArg(0)->getType()->isPointerTy())
      return; // (every emitted function takes the HostContext first)
    llvm::Value *ctx = f.getArg(0);
    llvm::IRBuilder<> b(m.getContext());
    // Calls and activemasks first (the loops' blocks change below).
    std::vector<llvm::CallInst *> calls;
    for (llvm::Instruction &i : llvm::instructions(f))
      if (interesting(i))
        calls.push_back(llvm::cast<llvm::CallInst>(&i));
    for (llvm::CallInst *call : calls) {
      b.SetInsertPoint(call);
      llvm::Value *callCtx = call->getArgOperand(0);
      llvm::Value *path = load(b, callCtx);
      if (isActivemask(*call)) { // its value: the path and this call
        call->setArgOperand(3, mix(b, path, newId()));
        continue;
      }
      store(b, callCtx, mix(b, path, newId()));
      b.SetInsertPoint(call->getNextNode());
      store(b, callCtx, path);
    }
    // Loops around them, outer ones first (so at an exit block shared by
    // nested loops the outer loop's path is stored last).
    llvm::DominatorTree dt(f);
    llvm::LoopInfo li(dt);
    for (llvm::Loop *loop : li.getLoopsInPreorder()) {
      if (llvm::none_of(loop->blocks(), [&](llvm::BasicBlock *bb) {
            return llvm::any_of(*bb, [&](llvm::Instruction &i) { return interesting(i); });
          }))
        continue;
      llvm::BasicBlock *preheader = loop->getLoopPreheader();
      if (!preheader)
        preheader = llvm::InsertPreheaderForLoop(loop, &dt, &li, nullptr, false);
      llvm::formDedicatedExitBlocks(loop, &dt, &li, nullptr, false);
      if (!preheader)
        continue; // (a loop entered from an indirectbr: none are emitted)
      // Before the loop: the path, and the loop's slot at the next depth
      // (its place in program order, iteration 0).
      b.SetInsertPoint(preheader->getTerminator());
      llvm::Value *saved = load(b, ctx);
      llvm::Value *depthAddress = field(b, ctx, kHostWarpDepthOffset);
      llvm::Value *depth = b.CreateAlignedLoad(b.getInt32Ty(), depthAddress, llvm::Align(4));
      b.CreateAlignedStore(b.CreateAdd(depth, b.getInt32(1)), depthAddress, llvm::Align(4));
      llvm::Value *slot = b.CreateSelect(b.CreateICmpULT(depth, b.getInt32(kHostWarpLoopDepth)),
                                         depth, b.getInt32(kHostWarpLoopDepth));
      llvm::Value *slotAddress =
          b.CreateInBoundsGEP(i64, field(b, ctx, kHostWarpLoopsOffset), {slot});
      b.CreateAlignedStore(llvm::ConstantInt::get(i64, programOrder(*loop) << 32), slotAddress,
                           llvm::Align(8));
      // Each iteration: the next, and the loop mixed into the path.
      b.SetInsertPoint(loop->getHeader()->getFirstNonPHIIt());
      llvm::Value *iteration = b.CreateAlignedLoad(i64, slotAddress, llvm::Align(8));
      b.CreateAlignedStore(b.CreateAdd(iteration, b.getInt64(1)), slotAddress, llvm::Align(8));
      store(b, ctx, mix(b, load(b, ctx), newId()));
      // After it: as before it.
      llvm::SmallVector<llvm::BasicBlock *, 4> exits;
      loop->getUniqueExitBlocks(exits);
      for (llvm::BasicBlock *exit : exits) {
        b.SetInsertPoint(exit->getFirstNonPHIIt());
        store(b, ctx, saved);
        b.CreateAlignedStore(depth, depthAddress, llvm::Align(4));
      }
    }
  }
};

} // namespace

void pyjit::codegen::addHostWarpPaths(llvm::Module &module) { WarpPaths(module).run(); }
