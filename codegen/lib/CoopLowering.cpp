//===- CoopLowering.cpp - pyjit.coop block primitives -> calls -----------===//
//
// A block-wide primitive (ir::Opcode::Coop) becomes a call: on the GPU into
// the device library (runtime/devicelib/coop.cu), declared here and linked
// by nvJitLink; on the host into the CPU backend's runner (HostABI.h,
// kHostCoop), which waits at the block's barriers like cuda.syncthreads.
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"
#include "pyjit/codegen/HostABI.h"
#include "pyjit/ir/Coop.h"

using namespace pyjit;
using namespace pyjit::codegen;
using namespace pyjit::codegen::detail;

namespace {
/// "i32", "u64", "f32", ...: the device library's spelling of a type.
std::string typeSuffix(ir::Type *t) {
  if (auto *ft = dyn_cast<ir::FloatType>(t))
    return "f" + std::to_string(ft->bits());
  auto *it = cast<ir::IntType>(t);
  return (it->isSigned() ? "i" : "u") + std::to_string(it->bits());
}

int32_t hostTypeCode(ir::Type *t) {
  if (auto *ft = dyn_cast<ir::FloatType>(t))
    return ft->bits() == 32 ? kHostCoopF32 : kHostCoopF64;
  auto *it = cast<ir::IntType>(t);
  if (it->isSigned())
    return it->bits() == 32 ? kHostCoopI32 : kHostCoopI64;
  return it->bits() == 32 ? kHostCoopU32 : kHostCoopU64;
}
} // namespace

llvm::Value *Emitter::coop(const ir::Instruction &inst) {
  ir::CoopCall call = ir::CoopCall::decode(inst.intImm);
  llvm::Type *ty = typeOf(inst.type());
  llvm::Value *x = val(inst.operand(0));
  llvm::IRBuilder<> entry(&kernel->getEntryBlock(), kernel->getEntryBlock().begin());
  bool scan = call.fn != ir::CoopFn::Reduce;
  llvm::Value *aggregate = nullptr;
  auto slot = [&](const char *name) {
    llvm::AllocaInst *a = entry.CreateAlloca(ty, nullptr, name);
    // Calls take generic pointers (NVPTX allocas are in the local space).
    return a->getType()->getPointerAddressSpace() == 0
               ? static_cast<llvm::Value *>(a)
               : entry.CreateAddrSpaceCast(a, entry.getPtrTy(0));
  };
  if (scan || call.aggregate)
    aggregate = slot("coop.total");

  if (options.host) {
    if (!module.getGlobalVariable(kHostUsesBarriers))
      new llvm::GlobalVariable(module, b.getInt8Ty(), true, llvm::GlobalValue::ExternalLinkage,
                               b.getInt8(1), kHostUsesBarriers);
    if (!hostCoopScratch) {
      // One scratch area per block, shared by the kernel's coop calls (each
      // ends at a barrier): an offset into HostContext::staticShared.
      uint64_t offset = llvm::alignTo(hostSharedBytes, 16);
      hostSharedBytes = offset + kHostCoopScratchBytes;
      llvm::Value *base = entry.CreateAlignedLoad(
          entry.getPtrTy(),
          entry.CreateConstInBoundsGEP1_32(entry.getInt8Ty(), kernel->getArg(0), 88),
          llvm::Align(8));
      hostCoopScratch = entry.CreateConstInBoundsGEP1_64(entry.getInt8Ty(), base, offset);
    }
    llvm::Value *inout = slot("coop.value");
    if (!aggregate)
      aggregate = slot("coop.total");
    b.CreateStore(x, inout);
    auto callee = module.getOrInsertFunction(
        kHostCoop, llvm::FunctionType::get(b.getVoidTy(),
                                           {b.getPtrTy(), b.getInt32Ty(), b.getInt32Ty(),
                                            b.getInt32Ty(), b.getPtrTy(), b.getPtrTy(),
                                            b.getPtrTy(), b.getInt32Ty(), b.getPtrTy()},
                                           false));
    b.CreateCall(callee, {kernel->getArg(0), b.getInt32(static_cast<int32_t>(call.fn)),
                          b.getInt32(static_cast<int32_t>(call.op)),
                          b.getInt32(hostTypeCode(inst.type())), hostCoopScratch, inout,
                          aggregate, b.getInt32(static_cast<int32_t>(inst.loc().line)),
                          hostFileName(inst)});
    if (call.aggregate)
      coopAggregates[&inst] = aggregate;
    return b.CreateLoad(ty, inout);
  }

  std::string name = std::string(kDevicelibPrefix) + "block_" + ir::coopFnName(call.fn) + "_" +
                     ir::coopOpName(call.op) + "_" + typeSuffix(inst.type());
  llvm::FunctionCallee callee;
  llvm::Value *result;
  if (scan) {
    callee = module.getOrInsertFunction(
        name, llvm::FunctionType::get(ty, {ty, b.getPtrTy(0)}, false));
    result = b.CreateCall(callee, {x, aggregate});
  } else {
    callee = module.getOrInsertFunction(name, llvm::FunctionType::get(ty, {ty}, false));
    result = b.CreateCall(callee, {x});
    if (call.aggregate) // a reduction is its own total
      b.CreateStore(result, aggregate);
  }
  // The library's barriers: the call must not move across control flow.
  if (auto *f = dyn_cast<llvm::Function>(callee.getCallee()))
    f->addFnAttr(llvm::Attribute::Convergent);
  if (call.aggregate)
    coopAggregates[&inst] = aggregate;
  return result;
}
