//===- CudaLowering.cpp - cuda.* intrinsics, atomics, shared/local arrays -===//
//
// PTX semantics from the PTX ISA 8.x (shfl.sync, vote.sync, match.sync,
// bar.sync/bar.red, atom, membar); the Python-level behaviour follows
// numba.cuda (e.g. atomic.max keeps a NaN already stored and ignores a NaN
// argument, atomic.nanmax ignores NaN on either side).
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"
#include "pyjit/ir/CudaIntrinsics.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace pyjit;
using ir::CudaFn;

namespace pyjit::codegen::detail {

llvm::Value *Emitter::callIntrinsic(llvm::Intrinsic::ID id, llvm::ArrayRef<llvm::Value *> args,
                                    llvm::ArrayRef<llvm::Type *> overloads) {
  llvm::Function *f = llvm::Intrinsic::getOrInsertDeclaration(&module, id, overloads);
  return b.CreateCall(f, args);
}

llvm::Value *Emitter::hostFileName(const ir::Instruction &inst) {
  if (!inst.file())
    return llvm::ConstantPointerNull::get(b.getPtrTy());
  std::string name = inst.file()->fileName().str();
  llvm::GlobalVariable *&g = hostFileNames[name];
  if (!g)
    g = b.CreateGlobalString(name, "pyjit.file", 0, &module);
  return g;
}

void Emitter::allocArray(const ir::Instruction &inst) {
  auto *at = cast<ir::ArrayType>(inst.type());
  llvm::Type *elemTy = memTypeOf(at->dtype());
  uint64_t itemSize = module.getDataLayout().getTypeAllocSize(elemTy);
  // What an element's accesses assume of its address: the item size's
  // lowest set bit (a record's size need not be a power of two), at most 16.
  uint64_t itemAlign = std::min<uint64_t>(itemSize & (~itemSize + 1), 16);
  std::vector<int64_t> extents;
  uint64_t total = 1;
  for (const ir::Value *v : inst.operands()) {
    extents.push_back(cast<ir::Instruction>(v)->intImm);
    total *= static_cast<uint64_t>(extents.back());
  }
  ArrayParts parts;
  parts.small = true; // shared (<= 228 KiB), constant (64 KiB) and local arrays
  parts.shared = inst.intImm == 3;
  bool dynamic = inst.intImm == 3 && extents.size() == 1 && extents[0] == 0;
  if (dynamic) {
    // All dynamic shared arrays alias the launch's dynamic shared memory.
    llvm::GlobalVariable *g = module.getGlobalVariable("pyjit_dynamic_shared", true);
    if (!g) {
      g = new llvm::GlobalVariable(module, llvm::ArrayType::get(b.getInt8Ty(), 0), false,
                                   llvm::GlobalValue::ExternalLinkage, nullptr,
                                   "pyjit_dynamic_shared", nullptr,
                                   llvm::GlobalValue::NotThreadLocal, sharedAS());
      g->setAlignment(llvm::Align(16));
    }
    parts.data = g;
    llvm::Value *bytes;
    if (options.host) {
      // HostContext::dynamicShared and ::dynamicSharedBytes.
      llvm::Value *ctxArg = kernel->getArg(0);
      parts.data = b.CreateAlignedLoad(b.getPtrTy(), b.CreateConstInBoundsGEP1_32(b.getInt8Ty(), ctxArg, 64),
                                       llvm::Align(8));
      bytes = b.CreateTrunc(b.CreateAlignedLoad(b.getInt64Ty(),
                                                b.CreateConstInBoundsGEP1_32(b.getInt8Ty(), ctxArg, 72),
                                                llvm::Align(8)),
                            b.getInt32Ty());
    } else {
      bytes = callIntrinsic(llvm::Intrinsic::nvvm_read_ptx_sreg_dynamic_smem_size, {});
    }
    parts.shape.push_back(
        b.CreateUDiv(b.CreateZExt(bytes, b.getInt64Ty()), b.getInt64(itemSize)));
    parts.strides.push_back(b.getInt64(itemSize));
  } else {
    llvm::Type *storage = llvm::ArrayType::get(elemTy, total);
    if (inst.intImm == 4) {
      // Constant memory holding the array's bytes (C order), once per contents.
      llvm::GlobalVariable *&g = constArrays[inst.text];
      if (!g) {
        llvm::Constant *init = llvm::ConstantDataArray::getRaw(
            inst.text, inst.text.size(), b.getInt8Ty());
        g = new llvm::GlobalVariable(module, init->getType(), true,
                                     llvm::GlobalValue::InternalLinkage, init,
                                     "const" + std::to_string(sharedCount++), nullptr,
                                     llvm::GlobalValue::NotThreadLocal, constAS());
        g->setAlignment(llvm::Align(16)); // any element type's (at most 16)
      }
      parts.data = g;
    } else if (inst.intImm == 3 && inst.allocSite && sharedSites.count(inst.allocSite)) {
      parts.data = sharedSites[inst.allocSite]; // another instruction of its site made it
    } else if (inst.intImm == 3 && options.host) {
      // Each block has its own: an offset into HostContext::staticShared
      // (16-byte aligned); a larger alignment= rounds the address up at run
      // time, within room reserved for it.
      uint64_t align = std::max<uint64_t>(16, inst.alignment);
      uint64_t offset = llvm::alignTo(hostSharedBytes, 16);
      hostSharedBytes = offset + total * itemSize + (align - 16);
      llvm::IRBuilder<> entry(&kernel->getEntryBlock(), kernel->getEntryBlock().begin());
      llvm::Value *base = entry.CreateAlignedLoad(
          entry.getPtrTy(), entry.CreateConstInBoundsGEP1_32(entry.getInt8Ty(), kernel->getArg(0), 88),
          llvm::Align(8));
      llvm::Value *at = entry.CreateConstInBoundsGEP1_64(entry.getInt8Ty(), base, offset);
      if (align > 16) {
        llvm::Value *bump = entry.CreateConstInBoundsGEP1_64(entry.getInt8Ty(), at, align - 1);
        at = entry.CreateIntrinsic(llvm::Intrinsic::ptrmask, {at->getType(), entry.getInt64Ty()},
                                   {bump, entry.getInt64(~(align - 1))});
      }
      parts.data = at;
      if (inst.allocSite)
        sharedSites[inst.allocSite] = at;
    } else if (inst.intImm == 3) {
      auto *g = new llvm::GlobalVariable(
          module, storage, false, llvm::GlobalValue::InternalLinkage,
          llvm::UndefValue::get(storage), "shared" + std::to_string(sharedCount++), nullptr,
          llvm::GlobalValue::NotThreadLocal, sharedAS());
      g->setAlignment(llvm::Align(std::max<uint64_t>(16, inst.alignment)));
      parts.data = g;
      if (inst.allocSite)
        sharedSites[inst.allocSite] = g;
    } else {
      // Local arrays live for the whole kernel: allocate in the entry block.
      llvm::IRBuilder<> entry(&kernel->getEntryBlock(), kernel->getEntryBlock().begin());
      llvm::AllocaInst *a = entry.CreateAlloca(storage, nullptr, "local");
      a->setAlignment(llvm::Align(std::max<uint64_t>({8, itemAlign, inst.alignment})));
      // On the CPU backend a thread's stack slot held the previous thread's
      // values: zeros instead, the same for every thread (on the GPU the
      // contents are undefined, as in numba.cuda; code that reads before it
      // writes was found in real programs).
      if (options.host)
        entry.CreateMemSet(a, entry.getInt8(0), module.getDataLayout().getTypeAllocSize(storage),
                           a->getAlign());
      parts.data = a;
    }
    uint64_t stride = itemSize;
    parts.shape.resize(extents.size());
    parts.strides.resize(extents.size());
    for (size_t d = extents.size(); d-- > 0;) {
      parts.shape[d] = b.getInt64(extents[d]);
      parts.strides[d] = b.getInt64(stride);
      stride *= static_cast<uint64_t>(extents[d]);
    }
  }
  arrays[&inst] = parts;
}

// 32- and 64-bit shuffles; a 64-bit value moves as two 32-bit halves.
llvm::Value *Emitter::shuffle(const ir::Instruction &inst) {
  auto fn = static_cast<CudaFn>(inst.intImm);
  llvm::Value *mask = val(inst.operand(0));
  llvm::Value *value = val(inst.operand(1));
  llvm::Value *lane = val(inst.operand(2));
  llvm::Intrinsic::ID i32Id, f32Id;
  unsigned clamp = 0x1f; // width 32: clamp to the warp
  switch (fn) {
  case CudaFn::ShflSync:
    i32Id = llvm::Intrinsic::nvvm_shfl_sync_idx_i32, f32Id = llvm::Intrinsic::nvvm_shfl_sync_idx_f32;
    break;
  case CudaFn::ShflUpSync:
    i32Id = llvm::Intrinsic::nvvm_shfl_sync_up_i32, f32Id = llvm::Intrinsic::nvvm_shfl_sync_up_f32;
    clamp = 0;
    break;
  case CudaFn::ShflDownSync:
    i32Id = llvm::Intrinsic::nvvm_shfl_sync_down_i32, f32Id = llvm::Intrinsic::nvvm_shfl_sync_down_f32;
    break;
  default:
    i32Id = llvm::Intrinsic::nvvm_shfl_sync_bfly_i32, f32Id = llvm::Intrinsic::nvvm_shfl_sync_bfly_f32;
    break;
  }
  llvm::Value *c = b.getInt32(clamp);
  llvm::Type *ty = value->getType();
  if (ty->isFloatTy())
    return callIntrinsic(f32Id, {mask, value, lane, c});
  if (ty->isIntegerTy(32))
    return callIntrinsic(i32Id, {mask, value, lane, c});
  llvm::Value *bits = ty->isDoubleTy() ? b.CreateBitCast(value, b.getInt64Ty()) : value;
  llvm::Value *lo = b.CreateTrunc(bits, b.getInt32Ty());
  llvm::Value *hi = b.CreateTrunc(b.CreateLShr(bits, 32), b.getInt32Ty());
  lo = callIntrinsic(i32Id, {mask, lo, lane, c});
  hi = callIntrinsic(i32Id, {mask, hi, lane, c});
  llvm::Value *joined = b.CreateOr(b.CreateZExt(lo, b.getInt64Ty()),
                                   b.CreateShl(b.CreateZExt(hi, b.getInt64Ty()), 32));
  return ty->isDoubleTy() ? b.CreateBitCast(joined, ty) : joined;
}

// A compare-and-swap loop applying `update(old)` atomically; returns the old
// value. Floats are swapped as integers of their width.
llvm::Value *Emitter::casLoop(llvm::Value *ptr, llvm::Type *ty,
                              const std::function<llvm::Value *(llvm::Value *)> &update) {
  llvm::Type *intTy = b.getIntNTy(ty->getPrimitiveSizeInBits());
  llvm::BasicBlock *pre = b.GetInsertBlock();
  llvm::BasicBlock *loop = llvm::BasicBlock::Create(ctx, "cas.loop", kernel);
  llvm::BasicBlock *done = llvm::BasicBlock::Create(ctx, "cas.done", kernel);
  llvm::LoadInst *first = b.CreateAlignedLoad(intTy, ptr, llvm::Align(intTy->getPrimitiveSizeInBits() / 8));
  first->setAtomic(llvm::AtomicOrdering::Monotonic);
  b.CreateBr(loop);
  b.SetInsertPoint(loop);
  llvm::PHINode *oldBits = b.CreatePHI(intTy, 2);
  oldBits->addIncoming(first, pre);
  llvm::Value *old = ty->isIntegerTy() ? static_cast<llvm::Value *>(oldBits) : b.CreateBitCast(oldBits, ty);
  llvm::Value *updated = update(old);
  llvm::Value *newBits = ty->isIntegerTy() ? updated : b.CreateBitCast(updated, intTy);
  auto *pair = b.CreateAtomicCmpXchg(ptr, oldBits, newBits, llvm::MaybeAlign(),
                                     llvm::AtomicOrdering::Monotonic,
                                     llvm::AtomicOrdering::Monotonic);
  llvm::Value *seen = b.CreateExtractValue(pair, 0);
  llvm::Value *ok = b.CreateExtractValue(pair, 1);
  oldBits->addIncoming(seen, b.GetInsertBlock());
  b.CreateCondBr(ok, done, loop);
  b.SetInsertPoint(done);
  return old;
}

llvm::Value *Emitter::atomic(const ir::Instruction &inst) {
  auto fn = static_cast<CudaFn>(inst.intImm);
  auto *at = cast<ir::ArrayType>(inst.operand(0)->type());
  ir::Type *dt = at->dtype();
  llvm::Value *ptr = address(inst);
  unsigned first = 1 + at->ndim();
  llvm::Value *v = val(inst.operand(first));
  llvm::Type *ty = v->getType();
  bool isFloat = isa<ir::FloatType>(dt);
  bool sign = isSigned(dt);
  auto rmw = [&](llvm::AtomicRMWInst::BinOp op, llvm::Value *x) {
    return b.CreateAtomicRMW(op, ptr, x, llvm::MaybeAlign(), llvm::AtomicOrdering::Monotonic);
  };
  using Op = llvm::AtomicRMWInst::BinOp;
  switch (fn) {
  case CudaFn::AtomicAdd:
    return rmw(isFloat ? Op::FAdd : Op::Add, v);
  case CudaFn::AtomicSub:
    return isFloat ? rmw(Op::FAdd, b.CreateFNeg(v)) : rmw(Op::Sub, v);
  case CudaFn::AtomicAnd:
    return rmw(Op::And, v);
  case CudaFn::AtomicOr:
    return rmw(Op::Or, v);
  case CudaFn::AtomicXor:
    return rmw(Op::Xor, v);
  case CudaFn::AtomicExch:
    return rmw(Op::Xchg, v);
  case CudaFn::AtomicInc:
    return rmw(Op::UIncWrap, v);
  case CudaFn::AtomicDec:
    return rmw(Op::UDecWrap, v);
  case CudaFn::AtomicMax:
  case CudaFn::AtomicMin:
  case CudaFn::AtomicNanmax:
  case CudaFn::AtomicNanmin: {
    bool isMax = fn == CudaFn::AtomicMax || fn == CudaFn::AtomicNanmax;
    if (!isFloat)
      return rmw(isMax ? (sign ? Op::Max : Op::UMax) : (sign ? Op::Min : Op::UMin), v);
    if (fn == CudaFn::AtomicNanmax || fn == CudaFn::AtomicNanmin)
      // numba-cuda's nvvm.py template (NAN="nan", OP="ult"/"ugt"): a NaN
      // argument is ignored; otherwise `v` replaces a stored NaN or a
      // stored value it beats, so equal zeros leave the stored sign.
      return casLoop(ptr, ty, [&](llvm::Value *old) {
        llvm::Value *beats = isMax ? b.CreateFCmpULT(old, v) : b.CreateFCmpUGT(old, v);
        return b.CreateSelect(b.CreateAnd(b.CreateFCmpORD(v, v), beats), v, old);
      });
    // numba: the stored value changes only if `v` compares greater (max)
    // or less (min), so a stored NaN stays and a NaN argument is ignored.
    return casLoop(ptr, ty, [&](llvm::Value *old) {
      llvm::Value *better = isMax ? b.CreateFCmpOGT(v, old) : b.CreateFCmpOLT(v, old);
      return b.CreateSelect(better, v, old);
    });
  }
  case CudaFn::AtomicCas:
  case CudaFn::AtomicCompareAndSwap: {
    llvm::Value *expected = v;
    llvm::Value *desired = val(inst.operand(first + 1));
    llvm::Type *intTy = b.getIntNTy(ty->getPrimitiveSizeInBits());
    if (isFloat) {
      expected = b.CreateBitCast(expected, intTy);
      desired = b.CreateBitCast(desired, intTy);
    }
    auto *pair = b.CreateAtomicCmpXchg(ptr, expected, desired, llvm::MaybeAlign(),
                                       llvm::AtomicOrdering::Monotonic,
                                       llvm::AtomicOrdering::Monotonic);
    llvm::Value *old = b.CreateExtractValue(pair, 0);
    return isFloat ? b.CreateBitCast(old, ty) : old;
  }
  default:
    return nullptr;
  }
}

llvm::Value *Emitter::cacheHinted(const ir::Instruction &inst) {
  auto fn = static_cast<CudaFn>(inst.intImm);
  auto *at = cast<ir::ArrayType>(inst.operand(0)->type());
  ir::Type *dt = at->dtype();
  bool store = ir::isCacheHintedStore(fn);
  llvm::Value *ptr = address(inst);
  llvm::Type *memTy = memTypeOf(dt);
  llvm::Align align(module.getDataLayout().getTypeStoreSize(memTy));
  llvm::Value *value = store ? val(inst.operand(1 + at->ndim())) : nullptr;
  if (value && isa<ir::BoolType>(dt))
    value = b.CreateZExt(value, memTy);
  unsigned space = ptr->getType()->getPointerAddressSpace();
  if (options.host || (space != kGlobalAS && space != 0)) {
    // The hint is for global memory on the GPU: in shared or local memory a
    // plain access. A generic pointer (an array a function of its own was
    // passed: recursive or outlined) keeps the hint, as a generic ld.<op>
    // (PTX ISA, "ld": a cache operator with generic addressing).
    if (store) {
      b.CreateAlignedStore(value, ptr, align);
      return nullptr;
    }
    llvm::Value *v = b.CreateAlignedLoad(memTy, ptr, align);
    return isa<ir::BoolType>(dt) ? b.CreateICmpNE(v, llvm::ConstantInt::get(memTy, 0)) : v;
  }
  // ld.global.<op>.<type> / st.global.<op>.<type> (PTX ISA, "Cache
  // Operators"; ld.<op> / st.<op> of a generic pointer); bytes through a
  // 16-bit register. The asm reads or writes
  // memory: it has side effects, so LLVM neither moves it across other
  // accesses nor drops it.
  static const char *const ops[] = {"ca", "cg", "cs", "lu", "cv", "cg", "cs", "wb", "wt"};
  const char *op = ops[static_cast<int>(fn) - static_cast<int>(CudaFn::Ldca)];
  unsigned bits = memTy->getPrimitiveSizeInBits();
  bool isFloat = isa<ir::FloatType>(dt) && bits > 16;
  // The bit type of the width, as numba-cuda emits (a .b type moves any
  // register type of its size; a byte's upper bits are dropped below).
  std::string ptxType = "b" + std::to_string(bits);
  const char *reg = isFloat ? (bits == 32 ? "f" : "d") : bits <= 16 ? "h" : bits == 32 ? "r" : "l";
  llvm::Type *regTy = isFloat ? memTy : b.getIntNTy(std::max(bits, 16u));
  if (store) {
    llvm::Value *v = value;
    if (!isFloat && v->getType() != regTy) // half: its bits; a byte: widened
      v = bits == 8 ? b.CreateZExt(v, regTy) : b.CreateBitCast(v, regTy);
    auto *asmFn = llvm::InlineAsm::get(
        llvm::FunctionType::get(b.getVoidTy(), {ptr->getType(), regTy}, false),
        std::string(space == kGlobalAS ? "st.global." : "st.") + op + "." + ptxType +
            " [$0], $1;",
        std::string("l,") + reg + ",~{memory}", /*hasSideEffects=*/true);
    b.CreateCall(asmFn, {ptr, v});
    return nullptr;
  }
  auto *asmFn = llvm::InlineAsm::get(llvm::FunctionType::get(regTy, {ptr->getType()}, false),
                                     std::string(space == kGlobalAS ? "ld.global." : "ld.") + op +
                                         "." + ptxType + " $0, [$1];",
                                     std::string("=") + reg + ",l,~{memory}",
                                     /*hasSideEffects=*/true);
  llvm::Value *v = b.CreateCall(asmFn, {ptr});
  if (bits == 8)
    v = b.CreateTrunc(v, memTy);
  else if (!isFloat && memTy != regTy)
    v = b.CreateBitCast(v, memTy); // half
  return isa<ir::BoolType>(dt) ? b.CreateICmpNE(v, llvm::ConstantInt::get(memTy, 0)) : v;
}

llvm::Value *Emitter::cuda(const ir::Instruction &inst) {
  using namespace llvm::Intrinsic;
  auto fn = static_cast<CudaFn>(inst.intImm);
  if (ir::isAtomic(fn))
    return atomic(inst);
  if (ir::isCacheHinted(fn))
    return cacheHinted(inst);
  auto op = [&](unsigned i) { return val(inst.operand(i)); };
  if (fn == CudaFn::Malloc || fn == CudaFn::Free) {
    // The device heap's malloc and free (PTX system calls, resolved by
    // ptxas; on the host the C library's), generic pointers.
    llvm::Type *ptrTy = b.getPtrTy(0);
    if (fn == CudaFn::Malloc) {
      llvm::FunctionCallee malloc = module.getOrInsertFunction(
          "malloc", llvm::FunctionType::get(ptrTy, {b.getInt64Ty()}, false));
      return b.CreatePtrToInt(b.CreateCall(malloc, {op(0)}), b.getInt64Ty());
    }
    llvm::FunctionCallee free = module.getOrInsertFunction(
        "free", llvm::FunctionType::get(b.getVoidTy(), {ptrTy}, false));
    return b.CreateCall(free, {b.CreateIntToPtr(op(0), ptrTy)});
  }
  if (options.host) {
    auto usesFibers = [&] {
      if (!module.getGlobalVariable(kHostUsesBarriers))
        new llvm::GlobalVariable(module, b.getInt8Ty(), true, llvm::GlobalValue::ExternalLinkage,
                                 b.getInt8(1), kHostUsesBarriers);
    };
    // A warp collective: the operand's bits travel as an i64.
    auto warp = [&](HostWarpOp opc, llvm::Value *mask, llvm::Value *value,
                    llvm::Value *arg) -> llvm::Value * {
      usesFibers();
      llvm::Type *ty = value ? value->getType() : b.getInt64Ty();
      llvm::Value *bits = b.getInt64(0);
      if (value) {
        unsigned width = ty->getPrimitiveSizeInBits();
        bits = ty->isIntegerTy() ? value : b.CreateBitCast(value, b.getIntNTy(width));
        bits = b.CreateZExtOrTrunc(bits, b.getInt64Ty());
      }
      auto callee = module.getOrInsertFunction(
          kHostWarp, llvm::FunctionType::get(b.getInt64Ty(),
                                             {b.getPtrTy(), b.getInt32Ty(), b.getInt32Ty(),
                                              b.getInt64Ty(), b.getInt32Ty(), b.getInt32Ty(),
                                              b.getPtrTy()},
                                             false));
      llvm::Value *r = b.CreateCall(
          callee, {kernel->getArg(0), b.getInt32(static_cast<int32_t>(opc)),
                   mask ? b.CreateZExtOrTrunc(mask, b.getInt32Ty()) : b.getInt32(-1),
                   bits, arg ? b.CreateZExtOrTrunc(arg, b.getInt32Ty()) : b.getInt32(0),
                   b.getInt32(static_cast<int32_t>(inst.loc().line)), hostFileName(inst)});
      return r;
    };
    auto shuffled = [&](HostWarpOp opc) -> llvm::Value * {
      llvm::Value *value = op(1);
      llvm::Type *ty = value->getType();
      llvm::Value *r = warp(opc, op(0), value, op(2));
      unsigned width = ty->getPrimitiveSizeInBits();
      r = b.CreateTrunc(r, b.getIntNTy(width));
      return ty->isIntegerTy() ? r : b.CreateBitCast(r, ty);
    };
    auto to32 = [&](llvm::Value *r) { return b.CreateTrunc(r, b.getInt32Ty()); };
    switch (fn) {
    case CudaFn::Syncwarp:
      return warp(HostWarpOp::Syncwarp, op(0), nullptr, nullptr);
    case CudaFn::ShflSync:
      return shuffled(HostWarpOp::ShflIdx);
    case CudaFn::ShflUpSync:
      return shuffled(HostWarpOp::ShflUp);
    case CudaFn::ShflDownSync:
      return shuffled(HostWarpOp::ShflDown);
    case CudaFn::ShflXorSync:
      return shuffled(HostWarpOp::ShflXor);
    case CudaFn::AllSync:
      return to32(warp(HostWarpOp::All, op(0), op(1), nullptr));
    case CudaFn::AnySync:
      return to32(warp(HostWarpOp::Any, op(0), op(1), nullptr));
    case CudaFn::EqSync:
      return to32(warp(HostWarpOp::Eq, op(0), op(1), nullptr));
    case CudaFn::BallotSync:
      return to32(warp(HostWarpOp::Ballot, op(0), op(1), nullptr));
    case CudaFn::Activemask: {
      // The call's place in program order (Instruction::siteOrder), so the
      // runner groups lanes by site and lets the earliest go first, as a
      // GPU warp reconverges (pyjit_host_warp, resolveWarp); HostWarpPaths
      // adds the lane's path and steps.
      return to32(warp(HostWarpOp::Activemask, nullptr, nullptr,
                       b.getInt32(static_cast<int32_t>(inst.siteOrder))));
    }
    case CudaFn::MatchAnySync:
      return to32(warp(HostWarpOp::MatchAny, op(0), op(1), nullptr));
    case CudaFn::MatchAllSync:
      return to32(warp(HostWarpOp::MatchAll, op(0), op(1), nullptr));
    default:
      break;
    }
    auto barrier = [&](int kind, llvm::Value *value) -> llvm::Value * {
      usesFibers();
      auto callee = module.getOrInsertFunction(
          kHostBarrier,
          llvm::FunctionType::get(b.getInt32Ty(),
                                  {b.getPtrTy(), b.getInt32Ty(), b.getInt32Ty(), b.getInt32Ty(),
                                   b.getPtrTy()},
                                  false));
      return b.CreateCall(callee, {kernel->getArg(0), b.getInt32(kind),
                                   value ? b.CreateZExtOrTrunc(value, b.getInt32Ty())
                                         : b.getInt32(0),
                                   b.getInt32(inst.loc().line), hostFileName(inst)});
    };
    auto interrupted = [&]() -> llvm::Value * { // HostContext::interrupt's int32 != 0
      llvm::Value *flag = b.CreateAlignedLoad(
          b.getPtrTy(), b.CreateConstInBoundsGEP1_32(b.getInt8Ty(), kernel->getArg(0),
                                                     kHostInterruptOffset),
          llvm::Align(8));
      llvm::LoadInst *word = b.CreateAlignedLoad(b.getInt32Ty(), flag, llvm::Align(4));
      word->setAtomic(llvm::AtomicOrdering::Monotonic);
      return b.CreateICmpNE(word, b.getInt32(0));
    };
    switch (fn) {
    case CudaFn::ThisGrid:
      return b.getInt64(0);
    case CudaFn::GridSync:
      if (!module.getGlobalVariable(kHostUsesGridSync))
        new llvm::GlobalVariable(module, b.getInt8Ty(), true, llvm::GlobalValue::ExternalLinkage,
                                 b.getInt8(1), kHostUsesGridSync);
      return barrier(kHostGridBarrier, nullptr);
    case CudaFn::Syncthreads:
      return barrier(0, nullptr);
    case CudaFn::SyncthreadsCount:
      return barrier(1, op(0));
    case CudaFn::SyncthreadsAnd:
      return barrier(2, op(0));
    case CudaFn::SyncthreadsOr:
      return barrier(3, op(0));
    case CudaFn::Threadfence: case CudaFn::ThreadfenceBlock: case CudaFn::ThreadfenceSystem:
      return b.CreateFence(llvm::AtomicOrdering::SequentiallyConsistent);
    case CudaFn::Nanosleep:
      return b.getInt32(0); // nothing to wait for: threads run one at a time
    case CudaFn::Breakpoint:
      return b.getInt32(0); // no debugger stops a CPU-backend kernel
    case CudaFn::InterruptedNow:
      return interrupted();
    case CudaFn::Interrupted: {
      // Every kHostInterruptPeriod-th time here (a counter of its own, which
      // SROA keeps in a register), HostContext::interrupt's int32.
      llvm::IRBuilder<> entry(&kernel->getEntryBlock(), kernel->getEntryBlock().begin());
      llvm::AllocaInst *counter = entry.CreateAlloca(b.getInt32Ty(), nullptr, "interrupt.count");
      entry.CreateStore(b.getInt32(0), counter);
      llvm::Value *n = b.CreateAdd(b.CreateLoad(b.getInt32Ty(), counter), b.getInt32(1));
      b.CreateStore(n, counter);
      llvm::BasicBlock *pre = b.GetInsertBlock();
      llvm::BasicBlock *check = llvm::BasicBlock::Create(ctx, "interrupt.check", kernel);
      llvm::BasicBlock *next = llvm::BasicBlock::Create(ctx, "interrupt.next", kernel);
      b.CreateCondBr(b.CreateICmpEQ(b.CreateAnd(n, b.getInt32(kHostInterruptPeriod - 1)),
                                    b.getInt32(0)),
                     check, next);
      b.SetInsertPoint(check);
      llvm::Value *set = interrupted();
      b.CreateBr(next);
      b.SetInsertPoint(next);
      llvm::PHINode *stop = b.CreatePHI(b.getInt1Ty(), 2);
      stop->addIncoming(b.getFalse(), pre);
      stop->addIncoming(set, check);
      return stop;
    }
    default:
      break;
    }
  }
  switch (fn) {
  case CudaFn::ThisGrid:
    return b.getInt64(0);
  case CudaFn::GridSync: {
    // cooperative_groups' grid barrier, in the device library (it reads the
    // grid's workspace from the registers a cooperative launch sets).
    auto callee = module.getOrInsertFunction(kDevicelibGridSync,
                                             llvm::FunctionType::get(b.getVoidTy(), false));
    if (auto *f = llvm::dyn_cast<llvm::Function>(callee.getCallee()))
      f->addFnAttr(llvm::Attribute::Convergent);
    return b.CreateCall(callee);
  }
  case CudaFn::Syncthreads:
    return callIntrinsic(nvvm_barrier_cta_sync_aligned_all, {b.getInt32(0)});
  case CudaFn::SyncthreadsCount:
    return callIntrinsic(nvvm_barrier_cta_red_popc_aligned_all, {b.getInt32(0), op(0)});
  case CudaFn::SyncthreadsAnd:
    return b.CreateZExt(callIntrinsic(nvvm_barrier_cta_red_and_aligned_all, {b.getInt32(0), op(0)}),
                        b.getInt32Ty());
  case CudaFn::SyncthreadsOr:
    return b.CreateZExt(callIntrinsic(nvvm_barrier_cta_red_or_aligned_all, {b.getInt32(0), op(0)}),
                        b.getInt32Ty());
  case CudaFn::Syncwarp:
    return callIntrinsic(nvvm_bar_warp_sync, {op(0)});
  case CudaFn::Threadfence:
    return callIntrinsic(nvvm_membar_gl, {});
  case CudaFn::ThreadfenceBlock:
    return callIntrinsic(nvvm_membar_cta, {});
  case CudaFn::ThreadfenceSystem:
    return callIntrinsic(nvvm_membar_sys, {});
  case CudaFn::Nanosleep:
    return callIntrinsic(nvvm_nanosleep, {op(0)});
  case CudaFn::ShflSync:
  case CudaFn::ShflUpSync:
  case CudaFn::ShflDownSync:
  case CudaFn::ShflXorSync:
    return shuffle(inst);
  case CudaFn::AllSync:
    return b.CreateZExt(callIntrinsic(nvvm_vote_all_sync, {op(0), op(1)}), b.getInt32Ty());
  case CudaFn::AnySync:
    return b.CreateZExt(callIntrinsic(nvvm_vote_any_sync, {op(0), op(1)}), b.getInt32Ty());
  case CudaFn::EqSync:
    return b.CreateZExt(callIntrinsic(nvvm_vote_uni_sync, {op(0), op(1)}), b.getInt32Ty());
  case CudaFn::BallotSync:
    return callIntrinsic(nvvm_vote_ballot_sync, {op(0), op(1)});
  case CudaFn::Activemask:
    return callIntrinsic(nvvm_activemask, {});
  case CudaFn::MatchAnySync:
    return callIntrinsic(op(1)->getType()->isIntegerTy(64) ? nvvm_match_any_sync_i64
                                                           : nvvm_match_any_sync_i32,
                         {op(0), op(1)});
  case CudaFn::MatchAllSync:
    return b.CreateExtractValue(
        callIntrinsic(op(1)->getType()->isIntegerTy(64) ? nvvm_match_all_sync_i64p
                                                        : nvvm_match_all_sync_i32p,
                      {op(0), op(1)}),
        0);
  case CudaFn::Popc: // (the result: the operand's type, or int32: inference)
    return b.CreateZExtOrTrunc(b.CreateUnaryIntrinsic(ctpop, op(0)), typeOf(inst.type()));
  case CudaFn::Clz:
    return b.CreateZExtOrTrunc(b.CreateBinaryIntrinsic(ctlz, op(0), b.getFalse()),
                               typeOf(inst.type()));
  case CudaFn::Ffs: {
    // The 1-based position of the least significant set bit; 0 if none.
    llvm::Value *x = op(0);
    llvm::Value *tz = b.CreateBinaryIntrinsic(cttz, x, b.getFalse());
    llvm::Value *pos = b.CreateAdd(b.CreateZExtOrTrunc(tz, b.getInt32Ty()), b.getInt32(1));
    return b.CreateSelect(b.CreateICmpEQ(x, llvm::ConstantInt::get(x->getType(), 0)),
                          b.getInt32(0), pos);
  }
  case CudaFn::Brev:
    return b.CreateUnaryIntrinsic(bitreverse, op(0));
  case CudaFn::Fma:
    return b.CreateIntrinsic(fma, {op(0)->getType()}, {op(0), op(1), op(2)});
  case CudaFn::Cbrt:
    return libdevice("__nv_cbrtf", "__nv_cbrt", inst.type(), {op(0)});
  case CudaFn::Trap:
    return callIntrinsic(llvm::Intrinsic::trap, {});
  case CudaFn::Interrupted: // (a GPU kernel is not stopped from the host)
  case CudaFn::InterruptedNow:
    return b.getFalse();
  case CudaFn::Breakpoint: { // numba-cuda's: PTX `brkpt;` (cuda-gdb stops there)
    auto *asmTy = llvm::FunctionType::get(b.getVoidTy(), false);
    return b.CreateCall(llvm::InlineAsm::get(asmTy, "brkpt;", "", /*hasSideEffects=*/true));
  }
  default:
    return nullptr;
  }
}

// A NUL-terminated constant string in global memory, as a generic pointer.
llvm::Value *Emitter::globalString(llvm::StringRef text) {
  llvm::Constant *data = llvm::ConstantDataArray::getString(ctx, text, true);
  auto *g = new llvm::GlobalVariable(module, data->getType(), true,
                                     llvm::GlobalValue::PrivateLinkage, data, ".str", nullptr,
                                     llvm::GlobalValue::NotThreadLocal, globalAS());
  g->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
  return b.CreateAddrSpaceCast(g, llvm::PointerType::get(ctx, 0));
}

// print(...) -> vprintf(format, packed arguments) (the CUDA device runtime's
// printf, declared `int vprintf(const char *, char *)`): each argument in an
// 8-byte slot of a local buffer, bools as the strings True/False.
void Emitter::print(const ir::Instruction &inst) {
  llvm::PointerType *ptrTy = llvm::PointerType::get(ctx, 0);
  std::vector<llvm::Type *> fields;
  std::vector<llvm::Value *> values;
  for (const ir::Value *v : inst.operands()) {
    llvm::Value *x = val(v);
    if (isa<ir::BoolType>(v->type()))
      x = b.CreateSelect(x, globalString("True"), globalString("False"));
    fields.push_back(x->getType());
    values.push_back(x);
  }
  llvm::Value *args = llvm::ConstantPointerNull::get(ptrTy);
  if (!values.empty()) {
    auto *packTy = llvm::StructType::get(ctx, fields);
    llvm::IRBuilder<> entry(&kernel->getEntryBlock(), kernel->getEntryBlock().begin());
    llvm::AllocaInst *pack = entry.CreateAlloca(packTy, nullptr, "printf.args");
    pack->setAlignment(llvm::Align(8));
    for (unsigned i = 0; i < values.size(); ++i)
      b.CreateStore(values[i], b.CreateStructGEP(packTy, pack, i));
    args = b.CreateAddrSpaceCast(pack, ptrTy);
  }
  auto vprintf = module.getOrInsertFunction(
      options.host ? kHostPrintf : "vprintf",
      llvm::FunctionType::get(b.getInt32Ty(), {ptrTy, ptrTy}, false));
  b.CreateCall(vprintf, {globalString(inst.text), args});
}

// racecheck: tell the runner about a shared-memory access before it happens.
void Emitter::logSharedAccess(const ir::Instruction &inst, llvm::Value *ptr, llvm::Type *memTy,
                              bool isWrite) {
  if (!module.getGlobalVariable(kHostRacecheck))
    new llvm::GlobalVariable(module, b.getInt8Ty(), true, llvm::GlobalValue::ExternalLinkage,
                             b.getInt8(1), kHostRacecheck);
  auto callee = module.getOrInsertFunction(
      kHostSharedAccess,
      llvm::FunctionType::get(b.getVoidTy(),
                              {b.getPtrTy(), b.getPtrTy(), b.getInt32Ty(), b.getInt32Ty(),
                               b.getInt32Ty()},
                              false));
  b.CreateCall(callee, {kernel->getArg(0), ptr,
                        b.getInt32(module.getDataLayout().getTypeStoreSize(memTy)),
                        b.getInt32(isWrite), b.getInt32(inst.loc().line)});
}

// A failed debug check: the first failing thread claims the error record
// (compare-and-swap of word 0 from 0 to site + 1) and fills in the operands
// and its thread and block index; the runtime reads the record after the
// launch (docs/abi.md, "Error record").
void Emitter::raise(const ir::Instruction &inst) {
  llvm::Type *i64 = b.getInt64Ty();
  auto *recordTy = llvm::ArrayType::get(i64, kErrorRecordWords);
  llvm::GlobalVariable *record = module.getGlobalVariable(kErrorRecordName);
  if (!record) {
    record = new llvm::GlobalVariable(module, recordTy, false, llvm::GlobalValue::ExternalLinkage,
                                      llvm::ConstantAggregateZero::get(recordTy), kErrorRecordName,
                                      nullptr, llvm::GlobalValue::NotThreadLocal, globalAS());
    record->setAlignment(llvm::Align(8));
  }
  auto word = [&](unsigned i) { return b.CreateConstInBoundsGEP2_64(recordTy, record, 0, i); };
  llvm::Value *claimed = b.CreateAtomicCmpXchg(
      word(0), b.getInt64(0), b.getInt64(static_cast<uint64_t>(inst.intImm) + 1), llvm::MaybeAlign(8),
      llvm::AtomicOrdering::Monotonic, llvm::AtomicOrdering::Monotonic);
  llvm::Value *won = b.CreateICmpEQ(b.CreateExtractValue(claimed, 0), b.getInt64(0));
  llvm::BasicBlock *fill = llvm::BasicBlock::Create(ctx, "raise.fill", kernel);
  llvm::BasicBlock *done = llvm::BasicBlock::Create(ctx, "raise.done", kernel);
  b.CreateCondBr(won, fill, done);
  b.SetInsertPoint(fill);
  for (unsigned i = 0; i < inst.numOperands() && i < 2; ++i)
    b.CreateStore(b.CreateSExtOrTrunc(val(inst.operand(i)), i64), word(1 + i));
  const ir::SpecialReg regs[] = {ir::SpecialReg::TidX,   ir::SpecialReg::TidY,
                                 ir::SpecialReg::TidZ,   ir::SpecialReg::CtaidX,
                                 ir::SpecialReg::CtaidY, ir::SpecialReg::CtaidZ};
  for (unsigned i = 0; i < 6; ++i)
    b.CreateStore(b.CreateZExt(sreg(regs[i]), i64), word(3 + i));
  b.CreateFence(llvm::AtomicOrdering::SequentiallyConsistent); // visible to the host
  b.CreateBr(done);
  b.SetInsertPoint(done);
  if (synchronizesGrid && !options.host) {
    // The failing thread returns next. In a kernel that synchronizes its
    // grid, a block's thread (0, 0, 0) arrives at the grid barrier for its
    // block: were it to return, every other block would wait at the next
    // sync() forever. It traps instead: the launch fails with a CudaError
    // (the context is then lost, as after any device fault) instead of
    // hanging the GPU.
    llvm::Value *first = b.CreateICmpEQ(
        b.CreateOr(b.CreateOr(sreg(ir::SpecialReg::TidX), sreg(ir::SpecialReg::TidY)),
                   sreg(ir::SpecialReg::TidZ)),
        b.getInt32(0));
    llvm::BasicBlock *trap = llvm::BasicBlock::Create(ctx, "raise.trap", kernel);
    llvm::BasicBlock *leave = llvm::BasicBlock::Create(ctx, "raise.leave", kernel);
    b.CreateCondBr(first, trap, leave);
    b.SetInsertPoint(trap);
    callIntrinsic(llvm::Intrinsic::trap, {});
    b.CreateUnreachable();
    b.SetInsertPoint(leave);
  }
}

} // namespace pyjit::codegen::detail
