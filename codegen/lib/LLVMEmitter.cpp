//===- LLVMEmitter.cpp - Typed SSA IR -> LLVM IR -------------------------===//
#include "pyjit/codegen/LLVMEmitter.h"
#include "Emitter.h"
#include "pyjit/ir/TypeRules.h"
#include "pyjit/ir/CudaIntrinsics.h"
#include "pyjit/ir/MathFunctions.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <numeric>
#include <set>

using namespace pyjit;
using namespace pyjit::codegen;
using ir::Opcode;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

namespace pyjit::codegen::detail {


llvm::Type *Emitter::typeOf(ir::Type *t) {
  switch (t->kind()) {
  case ir::Type::Kind::Bool:
    return b.getInt1Ty();
  case ir::Type::Kind::Int:
    return b.getIntNTy(cast<ir::IntType>(t)->bits());
  case ir::Type::Kind::Float: {
    auto *ft = cast<ir::FloatType>(t);
    unsigned bits = ft->bits();
    if (ft->isBFloat16())
      return b.getBFloatTy();
    return bits == 16 ? b.getHalfTy() : bits == 32 ? b.getFloatTy() : b.getDoubleTy();
  }
  case ir::Type::Kind::Complex: {
    llvm::Type *part = cast<ir::ComplexType>(t)->partBits() == 32 ? b.getFloatTy() : b.getDoubleTy();
    return llvm::StructType::get(ctx, {part, part});
  }
  case ir::Type::Kind::GridGroup: // no content: the grid is the kernel's own
  case ir::Type::Kind::Datetime:  // an int64 count of its unit
    return b.getInt64Ty();
  case ir::Type::Kind::Record: // bytes, read and written field by field
    return llvm::ArrayType::get(b.getInt8Ty(), cast<ir::RecordType>(t)->size());
  case ir::Type::Kind::CharSeq: { // its characters, a value
    auto *cs = cast<ir::CharSeqType>(t);
    return llvm::ArrayType::get(b.getIntNTy(8 * cs->charBytes()), cs->count());
  }
  default:
    return nullptr;
  }
}

llvm::Type *Emitter::memTypeOf(ir::Type *t) {
  return isa<ir::BoolType>(t) ? b.getInt8Ty() : typeOf(t);
}

llvm::Expected<llvm::Function *> Emitter::run() {
  for (const auto &bb : fn.blocks())
    for (const auto &inst : bb->instructions())
      synchronizesGrid |= inst->opcode() == Opcode::Cuda &&
                          static_cast<ir::CudaFn>(inst->intImm) == ir::CudaFn::GridSync;
  // Kernel signature per docs/abi.md.
  const bool internal = options.abi == EmitOptions::Abi::Internal;
  std::vector<ir::Type *> argTypes;
  for (const auto &arg : fn.arguments())
    argTypes.push_back(arg->type());
  std::vector<llvm::Type *> params;
  if (auto err = parameterTypes(argTypes, internal ? 0 : globalAS(), params,
                                /*wholeComplex=*/options.abi == EmitOptions::Abi::C))
    return std::move(err);
  if (internal) {
    kernel = internalFunction(fn.name(), argTypes, fn.returnType());
    kernel->setLinkage(llvm::GlobalValue::InternalLinkage);
    if (options.host && !module.getGlobalVariable(kHostRecursive))
      new llvm::GlobalVariable(module, b.getInt8Ty(), true, llvm::GlobalValue::ExternalLinkage,
                               b.getInt8(1), kHostRecursive);
    // On the host a recursion that never ends must use up the stack and
    // raise RecursionError (CheckStack), as Python's does: LLVM's
    // TailCallElim, which turns a call in tail position into a loop, that
    // would spin forever, skips a function with this attribute.
    if (options.host)
      kernel->addFnAttr("disable-tail-calls", "true");
  } else {
    declareKernel(std::move(params));
  }
  if (options.fastmath.ftz)
    kernel->addFnAttr("denormal-fp-math-f32", "preserve-sign,preserve-sign");
  b.setFastMathFlags(options.fastmath.llvmFlags());
  if (options.lineinfo)
    beginDebugInfo();
  return emitBody();
}

void Emitter::declareKernel(std::vector<llvm::Type *> params) {
  if (options.host)
    params.insert(params.begin(), llvm::PointerType::get(ctx, 0)); // HostContext *
  llvm::Type *resultTy = b.getVoidTy();
  bool exported = options.abi != EmitOptions::Abi::Kernel;
  if (exported && !isa<ir::NoneType>(fn.returnType()))
    resultTy = memTypeOf(fn.returnType());
  if (options.abi == EmitOptions::Abi::Numba) { // int32 status; the result through a pointer
    params.insert(params.begin(), llvm::PointerType::get(ctx, 0));
    resultTy = b.getInt32Ty();
  }
  auto *fnTy = llvm::FunctionType::get(resultTy, params, false);
  kernel = llvm::Function::Create(fnTy, llvm::GlobalValue::ExternalLinkage,
                                  options.host ? (exported ? options.exportName : fn.name())
                                               : ptxSymbol(exported ? options.exportName
                                                                    : fn.name()),
                                  module);
  if (exported)
    kernel->addFnAttr(kExportAttribute);
  if (!options.host && !exported) {
    kernel->setCallingConv(llvm::CallingConv::PTX_Kernel);
    // NVPTX prints these as .maxntid / .minnctapersm (LLVM 22 reads launch
    // bounds from function attributes).
    if (options.maxThreadsPerBlock)
      kernel->addFnAttr("nvvm.maxntid", std::to_string(options.maxThreadsPerBlock));
    if (options.minBlocksPerSM)
      kernel->addFnAttr("nvvm.minctasm", std::to_string(options.minBlocksPerSM));
    if (options.maxBlocksPerCluster)
      kernel->addFnAttr("nvvm.maxclusterrank", std::to_string(options.maxBlocksPerCluster));
  }
}

llvm::Error Emitter::parameterTypes(llvm::ArrayRef<ir::Type *> types, unsigned arraySpace,
                                    std::vector<llvm::Type *> &params, bool wholeComplex) {
  for (ir::Type *t : types) {
    if (isExportedPointer(t)) { // a C `T *`: generic, as a C caller passes it
      params.push_back(llvm::PointerType::get(ctx, 0));
      continue;
    }
    if (auto *at = dyn_cast<ir::ArrayType>(t)) {
      params.push_back(llvm::PointerType::get(ctx, arraySpace));
      for (unsigned i = 0; i < 2 * at->ndim(); ++i)
        params.push_back(b.getInt64Ty());
    } else if (isa<ir::ComplexType>(t) && wholeComplex) {
      params.push_back(memTypeOf(t));
    } else if (auto *ct = dyn_cast<ir::ComplexType>(t)) {
      llvm::Type *part = ct->partBits() == 32 ? b.getFloatTy() : b.getDoubleTy();
      params.push_back(part); // a complex scalar is passed as its two parts
      params.push_back(part);
    } else if (t->isScalar() || isa<ir::DatetimeType>(t)) {
      params.push_back(memTypeOf(t));
    } else {
      return fail("parameter of type " + t->str() + " has no ABI");
    }
  }
  return llvm::Error::success();
}

llvm::Function *Emitter::internalFunction(llvm::StringRef name, llvm::ArrayRef<ir::Type *> types,
                                          ir::Type *returnType) {
  if (llvm::Function *f = module.getFunction(options.host ? name.str() : ptxSymbol(name)))
    return f; // declared by a call emitted before it
  std::vector<llvm::Type *> params;
  if (options.host)
    params.push_back(llvm::PointerType::get(ctx, 0)); // HostContext *
  cantFail(parameterTypes(types, 0, params)); // (the types passed the callee's own check)
  llvm::Type *resultTy = b.getInt32Ty();
  if (!isa<ir::NoneType>(returnType))
    resultTy = llvm::StructType::get(ctx, {b.getInt32Ty(), memTypeOf(returnType)});
  auto *fnTy = llvm::FunctionType::get(resultTy, params, false);
  return llvm::Function::Create(fnTy, llvm::GlobalValue::InternalLinkage,
                                options.host ? name.str() : ptxSymbol(name), module);
}

void Emitter::stopThread() {
  llvm::Type *resultTy = kernel->getReturnType();
  if (options.abi == EmitOptions::Abi::Internal) // status 1 (and no value)
    b.CreateRet(resultTy->isStructTy()
                    ? b.CreateInsertValue(llvm::Constant::getNullValue(resultTy), b.getInt32(1), 0)
                    : static_cast<llvm::Value *>(b.getInt32(1)));
  else if (resultTy->isVoidTy())
    b.CreateRetVoid();
  else // a raise's early return gives 0 (the thread stops in numba too)
    b.CreateRet(llvm::Constant::getNullValue(resultTy));
}

llvm::Expected<llvm::Function *> Emitter::emitBody() {
  llvm::BasicBlock *entry = llvm::BasicBlock::Create(ctx, "entry", kernel);
  for (const auto &bb : fn.blocks())
    blocks[bb.get()] = llvm::BasicBlock::Create(ctx, "bb" + std::to_string(bb->id()), kernel);
  b.SetInsertPoint(entry);
  unsigned p = options.host || options.abi == EmitOptions::Abi::Numba ? 1 : 0;
  for (const auto &arg : fn.arguments()) {
    ir::Type *t = arg->type();
    if (isExportedPointer(t)) { // one pointer: extent 0, the item size apart
      auto *at = cast<ir::ArrayType>(t);
      ArrayParts parts;
      parts.data = kernel->getArg(p++);
      parts.data->setName(arg->name());
      parts.shape.push_back(b.getInt64(0));
      parts.strides.push_back(
          b.getInt64(module.getDataLayout().getTypeAllocSize(memTypeOf(at->dtype()))));
      arrays[arg.get()] = parts;
      continue;
    }
    if (auto *at = dyn_cast<ir::ArrayType>(t)) {
      ArrayParts parts;
      parts.data = kernel->getArg(p);
      parts.data->setName(arg->name() + ".data");
      parts.small = options.index32 && !at->isPointer(); // (a pointer may reach any item)
      ++p;
      // Extents are never negative; in the index32 variant the array spans
      // less than 2^31 bytes, so no extent exceeds 2^31 / itemsize.
      uint64_t itemSize = module.getDataLayout().getTypeAllocSize(memTypeOf(at->dtype()));
      llvm::ConstantRange extents(
          llvm::APInt(64, 0),
          llvm::APInt(64, options.index32 ? (uint64_t(1) << 31) / itemSize + 1
                                          : (uint64_t(1) << 63)));
      for (unsigned d = 0; d < at->ndim(); ++d) {
        parts.shape.push_back(kernel->getArg(p));
        kernel->addParamAttr(p, llvm::Attribute::get(ctx, llvm::Attribute::Range, extents));
        kernel->getArg(p++)->setName(arg->name() + ".shape" + std::to_string(d));
      }
      for (unsigned d = 0; d < at->ndim(); ++d) {
        parts.strides.push_back(kernel->getArg(p));
        kernel->getArg(p++)->setName(arg->name() + ".stride" + std::to_string(d));
      }
      arrays[arg.get()] = parts;
      continue;
    }
    if (isa<ir::ComplexType>(t) && options.abi == EmitOptions::Abi::C) { // one struct
      llvm::Value *whole = kernel->getArg(p++);
      whole->setName(arg->name());
      values[arg.get()] = makeComplex(typeOf(t), b.CreateExtractValue(whole, 0),
                                      b.CreateExtractValue(whole, 1));
      continue;
    }
    if (isa<ir::ComplexType>(t)) {
      llvm::Value *re = kernel->getArg(p++), *im = kernel->getArg(p++);
      re->setName(arg->name() + ".real");
      im->setName(arg->name() + ".imag");
      values[arg.get()] = makeComplex(typeOf(t), re, im);
      continue;
    }
    llvm::Value *v = kernel->getArg(p++);
    v->setName(arg->name());
    if (isa<ir::BoolType>(t))
      v = b.CreateICmpNE(v, b.getInt8(0));
    values[arg.get()] = v;
  }
  b.CreateBr(blocks[fn.entry()]);

  // Emit in reverse post-order so every definition is emitted before the
  // uses it dominates (phis take their incoming values at the end).
  std::vector<ir::BasicBlock *> order = fn.reversePostOrder();
  for (const ir::BasicBlock *bb : order) {
    b.SetInsertPoint(blocks[bb]);
    for (const auto &inst : bb->instructions()) {
      if (subprogram)
        setDebugLoc(*inst);
      if (auto err = emit(*inst))
        return std::move(err);
    }
    blockEnds[bb] = b.GetInsertBlock();
  }
  for (auto &[inst, node] : phis)
    for (unsigned i = 0; i < inst->numOperands(); ++i)
      node->addIncoming(val(inst->operand(i)), blockEnds.at(inst->blocks()[i]));
  for (const ir::Instruction *inst : arrayPhis) {
    const ArrayParts &merged = arrays.at(inst);
    auto *data = llvm::cast<llvm::PHINode>(merged.data);
    for (unsigned i = 0; i < inst->numOperands(); ++i) {
      llvm::BasicBlock *pred = blockEnds.at(inst->blocks()[i]);
      auto found = arrays.find(inst->operand(i));
      if (found == arrays.end()) {
        // No array on this path (the variable is assigned on others only):
        // a null array of no elements, as other types read 0 there.
        data->addIncoming(llvm::Constant::getNullValue(data->getType()), pred);
        for (size_t d = 0; d < merged.shape.size(); ++d) {
          llvm::cast<llvm::PHINode>(merged.shape[d])->addIncoming(b.getInt64(0), pred);
          llvm::cast<llvm::PHINode>(merged.strides[d])->addIncoming(b.getInt64(0), pred);
        }
        continue;
      }
      const ArrayParts &in = found->second;
      llvm::Value *ptr = in.data;
      if (ptr->getType() != data->getType()) { // e.g. shared on one path, global on another
        llvm::IRBuilder<> at(pred->getTerminator());
        ptr = at.CreateAddrSpaceCast(ptr, data->getType());
      }
      data->addIncoming(ptr, pred);
      for (size_t d = 0; d < merged.shape.size(); ++d) {
        llvm::cast<llvm::PHINode>(merged.shape[d])->addIncoming(in.shape[d], pred);
        llvm::cast<llvm::PHINode>(merged.strides[d])->addIncoming(in.strides[d], pred);
      }
    }
  }
  if (dib)
    dib->finalize();
  if (options.abi == EmitOptions::Abi::Internal)
    return kernel;
  if (options.host)
    new llvm::GlobalVariable(module, b.getInt64Ty(), true, llvm::GlobalValue::ExternalLinkage,
                             b.getInt64(hostSharedBytes), kHostStaticShared);
  if (options.host) {
    if (options.debug)
      new llvm::GlobalVariable(module, b.getInt8Ty(), true, llvm::GlobalValue::ExternalLinkage,
                               b.getInt8(1), kHostDebug);
    std::string file = "<unknown>";
    for (const auto &bb : fn.blocks())
      if (!bb->instructions().empty() && bb->instructions().front()->file()) {
        file = bb->instructions().front()->file()->fileName().str();
        break;
      }
    llvm::Constant *text = llvm::ConstantDataArray::getString(ctx, file, true);
    new llvm::GlobalVariable(module, text->getType(), true, llvm::GlobalValue::ExternalLinkage,
                             text, kHostSourceFile);
  }
  return kernel;
}

void Emitter::beginDebugInfo() {
  // Without EmitOptions::debugInfo, .file/.loc directives only (what nvcc
  // -lineinfo gives): no DWARF types or variables, so optimization is
  // unaffected (DWARF sections need ptxas's -g: "Optimized debugging not
  // supported"); the link gets -lineinfo. With it, what nvcc -G gives: the
  // subprogram and its variables, the link gets -g.
  bool full = options.debugInfo;
  // One compile unit per module: the functions of a recursion (emitted one
  // by one) join the kernel's (ptxas fails on a second unit: "overlapping
  // non-identical data").
  llvm::DICompileUnit *unit =
      module.debug_compile_units().empty() ? nullptr : *module.debug_compile_units().begin();
  dib = std::make_unique<llvm::DIBuilder>(module, /*AllowUnresolved=*/true, unit);
  const SourceFile *source = nullptr;
  for (const auto &bb : fn.blocks())
    for (const auto &inst : bb->instructions())
      if (!source && inst->file())
        source = inst->file();
  llvm::SmallString<256> path(source ? source->fileName() : llvm::StringRef("<unknown>"));
  llvm::DIFile *file = dib->createFile(llvm::sys::path::filename(path),
                                       llvm::sys::path::parent_path(path));
  debugFile = file;
  if (!unit)
    dib->createCompileUnit(llvm::DISourceLanguageName(llvm::dwarf::DW_LANG_Python), file, "pyjit",
                           /*isOptimized=*/!full, "", 0, "",
                           full ? llvm::DICompileUnit::FullDebug
                                : llvm::DICompileUnit::DebugDirectivesOnly);
  unsigned line = fn.blocks().empty() || fn.entry()->instructions().empty()
                      ? 0
                      : fn.entry()->instructions().front()->loc().line;
  subprogram = dib->createFunction(
      file, fn.name(), kernel->getName(), file, line,
      dib->createSubroutineType(dib->getOrCreateTypeArray({})), line, llvm::DINode::FlagZero,
      full ? llvm::DISubprogram::SPFlagDefinition
           : llvm::DISubprogram::SPFlagDefinition | llvm::DISubprogram::SPFlagOptimized);
  kernel->setSubprogram(subprogram);
  fileScopes[source] = subprogram;
  if (!module.getModuleFlag("Debug Info Version"))
    module.addModuleFlag(llvm::Module::Warning, "Debug Info Version",
                         llvm::DEBUG_METADATA_VERSION);
}

llvm::DISubprogram *Emitter::inlinedSubprogram(unsigned site) {
  const ir::InlineSite &s = fn.inlineSites.at(site - 1);
  llvm::DISubprogram *&sp = inlinedSubprograms[{s.function, s.file, s.line}];
  if (!sp) {
    llvm::SmallString<256> path(s.file ? s.file->fileName() : llvm::StringRef("<unknown>"));
    llvm::DIFile *file = dib->createFile(llvm::sys::path::filename(path),
                                         llvm::sys::path::parent_path(path));
    sp = dib->createFunction(file, s.function, "", file, s.line,
                             dib->createSubroutineType(dib->getOrCreateTypeArray({})), s.line,
                             llvm::DINode::FlagZero, llvm::DISubprogram::SPFlagDefinition);
  }
  return sp;
}

llvm::DILocation *Emitter::inlinedAt(unsigned site) {
  if (!site)
    return nullptr;
  llvm::DILocation *&at = inlineCalls[site];
  if (!at) {
    const ir::InlineSite &s = fn.inlineSites.at(site - 1);
    at = llvm::DILocation::getDistinct(ctx, s.callLoc.line, s.callLoc.col,
                                       scopeOfSite(s.parent), inlinedAt(s.parent));
  }
  return at;
}

void Emitter::setDebugLoc(const ir::Instruction &inst) {
  if (options.debugInfo && inst.inlineSite && inst.loc().isValid()) {
    // An inlined device function's line, in its own subprogram, inlined at
    // the call (cuda-gdb shows the frame and its variables).
    b.SetCurrentDebugLocation(llvm::DILocation::get(ctx, inst.loc().line, inst.loc().col,
                                                    inlinedSubprogram(inst.inlineSite),
                                                    inlinedAt(inst.inlineSite)));
    return;
  }
  // Code inlined from a device function in another file gets a scope in
  // that file.
  llvm::DIScope *&scope = fileScopes[inst.file()];
  if (!scope && !inst.file()) {
    scope = subprogram;
  } else if (!scope) {
    llvm::SmallString<256> path(inst.file()->fileName());
    scope = dib->createLexicalBlockFile(
        subprogram, dib->createFile(llvm::sys::path::filename(path),
                                    llvm::sys::path::parent_path(path)));
  }
  if (inst.loc().isValid())
    b.SetCurrentDebugLocation(
        llvm::DILocation::get(ctx, inst.loc().line, inst.loc().col, scope));
}

llvm::DIType *Emitter::debugType(ir::Type *t) {
  llvm::DIType *&ty = debugTypes[t];
  if (ty)
    return ty;
  if (auto *it = dyn_cast<ir::IntType>(t))
    ty = dib->createBasicType(t->str(), it->bits(),
                              it->isSigned() ? llvm::dwarf::DW_ATE_signed
                                             : llvm::dwarf::DW_ATE_unsigned);
  else if (auto *ft = dyn_cast<ir::FloatType>(t))
    ty = dib->createBasicType(t->str(), ft->bits(), llvm::dwarf::DW_ATE_float);
  else if (isa<ir::BoolType>(t))
    ty = dib->createBasicType("bool", 8, llvm::dwarf::DW_ATE_boolean);
  else if (auto *at = dyn_cast<ir::ArrayType>(t))
    // An array as its data pointer (cuda-gdb: `print a[i]` of a C array,
    // `print *a@n`); extents and strides are not described.
    if (llvm::DIType *element = debugType(at->dtype()))
      ty = dib->createPointerType(element, 64, 0, std::nullopt, t->str());
  return ty; // null: complex numbers, records (not described)
}

void Emitter::debugValue(const ir::Instruction &inst) {
  if (!options.debugInfo || !subprogram)
    return;
  const ir::Value *v = inst.operand(0);
  llvm::Value *value = nullptr;
  if (isa<ir::ArrayType>(v->type())) {
    auto found = arrays.find(v);
    value = found == arrays.end() ? nullptr : found->second.data;
  } else if (auto found = values.find(v); found != values.end()) {
    value = found->second;
  }
  llvm::DIType *ty = debugType(v->type());
  if (!value || !ty)
    return;
  // (A phi's description may have no location: the function's line then.)
  unsigned line = inst.loc().isValid() ? inst.loc().line : subprogram->getLine();
  unsigned col = inst.loc().isValid() ? inst.loc().col : 0;
  if (inst.inlineSite && inst.intImm) { // an inlined function's parameter: at its def
    line = fn.inlineSites.at(inst.inlineSite - 1).line;
    col = 0;
  }
  // The source's name (a web of its assignments other than the first is
  // `name~k`: ast::splitVariableWebs), one variable per name and type: a
  // parameter assigned again stays the parameter.
  llvm::StringRef name = llvm::StringRef(inst.text).split('~').first;
  if (value->getType()->isIntegerTy(1)) // bool: a byte, as the type says
    value = b.CreateZExt(value, b.getInt8Ty());
  // Each variable lives in a local-memory slot of the function's entry block,
  // described once (#dbg_declare) and stored at each assignment, as clang -O0
  // and numba's debug=True do: cuda-gdb reads it at every line, where a
  // register location (#dbg_value) ends when ptxas reuses the register.
  // (An inlined device function's variable is its subprogram's, one slot
  // per inlined call.)
  unsigned site = inst.inlineSite;
  auto [slot, inserted] = debugVars.try_emplace({name.str(), ty, site});
  if (inserted) {
    llvm::DIScope *scope = scopeOfSite(site);
    llvm::DIFile *file = site ? scope->getFile() : debugFile;
    llvm::DILocalVariable *var =
        inst.intImm ? dib->createParameterVariable(scope, name,
                                                   static_cast<unsigned>(inst.intImm), file,
                                                   line, ty, /*AlwaysPreserve=*/true)
                    : dib->createAutoVariable(scope, name, file, line, ty,
                                              /*AlwaysPreserve=*/true);
    llvm::BasicBlock &entryBlock = kernel->getEntryBlock();
    llvm::IRBuilder<> entry(&entryBlock, entryBlock.begin());
    slot->second = entry.CreateAlloca(value->getType(), nullptr, name + ".dbg");
    dib->insertDeclare(slot->second, var, dib->createExpression(),
                       llvm::DILocation::get(ctx, line, col, scope, inlinedAt(site)),
                       std::next(slot->second->getIterator()));
  }
  if (slot->second->getAllocatedType() == value->getType())
    b.CreateStore(value, slot->second);
}

llvm::Value *Emitter::sreg(ir::SpecialReg r) {
  using namespace llvm::Intrinsic;
  if (options.host) {
    // HostContext: sreg[0..11] = tid, ntid, ctaid, nctaid (x, y, z); [12] = laneid.
    auto load = [&](unsigned i) {
      llvm::Value *slot = b.CreateConstInBoundsGEP1_32(b.getInt32Ty(), kernel->getArg(0), i);
      return b.CreateAlignedLoad(b.getInt32Ty(), slot, llvm::Align(4));
    };
    if (r == ir::SpecialReg::WarpSize)
      return b.getInt32(32);
    if (r == ir::SpecialReg::LaneId)
      return load(12);
    if (r == ir::SpecialReg::LanemaskLt)
      return b.CreateSub(b.CreateShl(b.getInt32(1), load(12)), b.getInt32(1));
    return load(static_cast<unsigned>(r));
  }
  static const llvm::Intrinsic::ID ids[] = {
      nvvm_read_ptx_sreg_tid_x,    nvvm_read_ptx_sreg_tid_y,    nvvm_read_ptx_sreg_tid_z,
      nvvm_read_ptx_sreg_ntid_x,   nvvm_read_ptx_sreg_ntid_y,   nvvm_read_ptx_sreg_ntid_z,
      nvvm_read_ptx_sreg_ctaid_x,  nvvm_read_ptx_sreg_ctaid_y,  nvvm_read_ptx_sreg_ctaid_z,
      nvvm_read_ptx_sreg_nctaid_x, nvvm_read_ptx_sreg_nctaid_y, nvvm_read_ptx_sreg_nctaid_z,
      nvvm_read_ptx_sreg_laneid,   nvvm_read_ptx_sreg_warpsize, nvvm_read_ptx_sreg_lanemask_lt};
  llvm::Function *f = llvm::Intrinsic::getOrInsertDeclaration(&module, ids[static_cast<int>(r)]);
  return b.CreateCall(f);
}

llvm::Value *Emitter::libdevice(llvm::StringRef name32, llvm::StringRef name64, ir::Type *t,
                                llvm::ArrayRef<llvm::Value *> args) {
  llvm::Type *ty = typeOf(t);
  bool isF32 = cast<ir::FloatType>(t)->bits() <= 32;
  std::vector<llvm::Type *> argTys(args.size(), isF32 ? b.getFloatTy() : b.getDoubleTy());
  auto callee = module.getOrInsertFunction(isF32 ? name32 : name64,
                                           llvm::FunctionType::get(argTys[0], argTys, false));
  std::vector<llvm::Value *> converted;
  for (llvm::Value *a : args)
    converted.push_back(b.CreateFPCast(a, argTys[0]));
  return b.CreateFPCast(b.CreateCall(callee, converted), ty);
}

// Integer power by repeated squaring (exact, wrapping like numba's int64
// power). A negative exponent of a signed type gives 0 except for bases 1
// and -1; an unsigned exponent is never negative (NumPy's uint8 3 ** 129 is
// 3 mod 256).
llvm::Value *Emitter::intPow(llvm::Value *base, llvm::Value *exp, bool isSigned) {
  llvm::Type *ty = base->getType();
  std::string name = std::string(isSigned ? "pyjit.ipow.i" : "pyjit.upow.i") +
                     std::to_string(ty->getIntegerBitWidth());
  llvm::Function *f = module.getFunction(name);
  if (!f) {
    f = llvm::Function::Create(llvm::FunctionType::get(ty, {ty, ty}, false),
                               llvm::GlobalValue::InternalLinkage, name, module);
    f->addFnAttr(llvm::Attribute::AlwaysInline);
    llvm::IRBuilder<> fb(ctx);
    auto *entry = llvm::BasicBlock::Create(ctx, "entry", f);
    auto *negative = llvm::BasicBlock::Create(ctx, "negative", f);
    auto *loop = llvm::BasicBlock::Create(ctx, "loop", f);
    auto *done = llvm::BasicBlock::Create(ctx, "done", f);
    llvm::Value *x = f->getArg(0), *n = f->getArg(1);
    fb.SetInsertPoint(entry);
    if (isSigned)
      fb.CreateCondBr(fb.CreateICmpSLT(n, llvm::ConstantInt::get(ty, 0)), negative, loop);
    else
      fb.CreateBr(loop);
    fb.SetInsertPoint(negative);
    llvm::Value *one = llvm::ConstantInt::get(ty, 1);
    llvm::Value *isOne = fb.CreateICmpEQ(x, one);
    llvm::Value *isMinusOne = fb.CreateICmpEQ(x, llvm::ConstantInt::getSigned(ty, -1));
    llvm::Value *odd = fb.CreateTrunc(n, fb.getInt1Ty());
    // 0 ** negative: numba's value under its NumPy error model, the type's
    // signed minimum (numba/cpython/numbers.py, _get_power_zerodiv_return;
    // Python raises ZeroDivisionError, as debug mode does).
    llvm::Value *zeroDiv = llvm::ConstantInt::get(
        ty, llvm::APInt::getSignedMinValue(ty->getIntegerBitWidth()));
    llvm::Value *negResult = fb.CreateSelect(
        isOne, one,
        fb.CreateSelect(isMinusOne,
                        fb.CreateSelect(odd, llvm::ConstantInt::getSigned(ty, -1), one),
                        fb.CreateSelect(fb.CreateICmpEQ(x, llvm::ConstantInt::get(ty, 0)),
                                        zeroDiv, llvm::ConstantInt::get(ty, 0))));
    fb.CreateRet(negResult);
    if (!isSigned)
      negative->eraseFromParent(); // (unreached)
    fb.SetInsertPoint(loop);
    llvm::PHINode *acc = fb.CreatePHI(ty, 2), *sq = fb.CreatePHI(ty, 2), *k = fb.CreatePHI(ty, 2);
    acc->addIncoming(one, entry);
    sq->addIncoming(x, entry);
    k->addIncoming(n, entry);
    llvm::Value *bit = fb.CreateTrunc(k, fb.getInt1Ty());
    llvm::Value *acc2 = fb.CreateSelect(bit, fb.CreateMul(acc, sq), acc);
    llvm::Value *sq2 = fb.CreateMul(sq, sq);
    llvm::Value *k2 = fb.CreateLShr(k, 1);
    acc->addIncoming(acc2, loop);
    sq->addIncoming(sq2, loop);
    k->addIncoming(k2, loop);
    fb.CreateCondBr(fb.CreateICmpEQ(k2, llvm::ConstantInt::get(ty, 0)), done, loop);
    fb.SetInsertPoint(done);
    fb.CreateRet(acc2);
  }
  return b.CreateCall(f, {base, exp});
}

llvm::Value *Emitter::math(const ir::Instruction &inst) {
  using ir::MathFn;
  auto fn = static_cast<MathFn>(inst.intImm);
  const ir::MathFnInfo &info = ir::mathFnInfo(fn);
  ir::Type *operandType = inst.operand(0)->type();
  llvm::Value *x = val(inst.operand(0));
  bool isFloat = isa<ir::FloatType>(operandType);
  llvm::Type *ty = x->getType();
  switch (fn) {
  case MathFn::Fabs:
    return b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x);
  case MathFn::Degrees:
    return b.CreateFMul(x, llvm::ConstantFP::get(ty, 180.0 / M_PI));
  case MathFn::Radians:
    return b.CreateFMul(x, llvm::ConstantFP::get(ty, M_PI / 180.0));
  case MathFn::Copysign:
    return b.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, x, val(inst.operand(1)));
  case MathFn::Floor:
  case MathFn::Ceil:
  case MathFn::Trunc:
  case MathFn::Round: {
    if (!isFloat)
      return b.CreateIntCast(x, b.getInt64Ty(), isSigned(operandType));
    auto id = fn == MathFn::Floor  ? llvm::Intrinsic::floor
              : fn == MathFn::Ceil ? llvm::Intrinsic::ceil
              : fn == MathFn::Trunc ? llvm::Intrinsic::trunc
                                    : llvm::Intrinsic::roundeven; // Python rounds half to even
    llvm::Value *r = b.CreateUnaryIntrinsic(id, x);
    if (isa<ir::FloatType>(inst.type())) // math.floor of a float: a float (numba-cuda)
      return r;
    return b.CreateIntrinsic(llvm::Intrinsic::fptosi_sat, {b.getInt64Ty(), ty}, {r});
  }
  case MathFn::FloorF:
    return b.CreateUnaryIntrinsic(llvm::Intrinsic::floor, x);
  case MathFn::CeilF:
    return b.CreateUnaryIntrinsic(llvm::Intrinsic::ceil, x);
  case MathFn::TruncF:
    return b.CreateUnaryIntrinsic(llvm::Intrinsic::trunc, x);
  case MathFn::RintF:
    return b.CreateUnaryIntrinsic(llvm::Intrinsic::roundeven, x);
  case MathFn::Isnan:
    return isFloat ? b.CreateFCmpUNO(x, x) : b.getFalse();
  case MathFn::Isinf:
    return isFloat ? b.CreateFCmpOEQ(b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x),
                                     llvm::ConstantFP::getInfinity(ty))
                   : b.getFalse();
  case MathFn::Isfinite:
    return isFloat ? b.CreateFCmpONE(b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x),
                                     llvm::ConstantFP::getInfinity(ty))
                   : b.getTrue();
  case MathFn::Ldexp: {
    bool f32 = cast<ir::FloatType>(operandType)->bits() == 32;
    auto callee = module.getOrInsertFunction(
        f32 ? "__nv_ldexpf" : "__nv_ldexp",
        llvm::FunctionType::get(ty, {ty, b.getInt32Ty()}, false));
    return b.CreateCall(callee, {x, val(inst.operand(1))});
  }
  default:
    break;
  }
  if (!info.libdevice)
    return nullptr;
  std::string base = std::string("__nv_") + info.libdevice;
  std::vector<llvm::Value *> args;
  for (unsigned i = 0; i < inst.numOperands(); ++i)
    args.push_back(val(inst.operand(i)));
  // fastmath afn: the float32 intrinsics nvcc's --use_fast_math picks
  // (CUDA C++ Programming Guide, "Intrinsic Functions").
  // tanh: __nv_fast_tanhf is tanh.approx.f32 from sm_75 (numba-cuda's fastmath).
  static const char *const fast[] = {"sin", "cos", "tan", "exp", "exp10",
                                     "log", "log2", "log10", "pow", "tanh"};
  if (options.fastmath.afn && cast<ir::FloatType>(operandType)->bits() <= 32)
    for (const char *name : fast)
      if (llvm::StringRef(info.libdevice) == name)
        return libdevice(std::string("__nv_fast_") + name + "f", base, operandType, args);
  return libdevice(base + "f", base, operandType, args);
}

llvm::Value *Emitter::doubleToBFloat(llvm::Value *v) {
  if (!options.host) // sm_90: cvt.rn.bf16.f64, one rounding
    return b.CreateFPTrunc(v, b.getBFloatTy());
  // LLVM's x86 lowering goes through float32, rounding twice: compiler-rt's
  // __truncdfbf2 instead (the CPU backend's runner defines it: CpuModule).
  auto callee = module.getOrInsertFunction(
      "__truncdfbf2", llvm::FunctionType::get(b.getBFloatTy(), {b.getDoubleTy()}, false));
  return b.CreateCall(callee, {v});
}

llvm::Value *Emitter::convert(llvm::Value *v, ir::Type *from, ir::Type *to) {
  if (isa<ir::DatetimeType>(from) || isa<ir::DatetimeType>(to))
    return v; // a datetime64/timedelta64 and its int64 count: the same i64 (Verifier)
  if (isa<ir::ComplexType>(from) || isa<ir::ComplexType>(to))
    return complexConvert(v, from, to);
  llvm::Type *dst = typeOf(to);
  if (isa<ir::BoolType>(to)) {
    if (isa<ir::FloatType>(from))
      return b.CreateFCmpUNE(v, llvm::ConstantFP::get(v->getType(), 0.0));
    return b.CreateICmpNE(v, llvm::ConstantInt::get(v->getType(), 0));
  }
  if (isa<ir::BoolType>(from))
    return isa<ir::FloatType>(to) ? b.CreateUIToFP(v, dst) : b.CreateZExt(v, dst);
  if (isa<ir::IntType>(from)) {
    if (auto *ft = dyn_cast<ir::FloatType>(to)) {
      // To bfloat16 through float64: one rounding for every int of up to
      // 53 bits (LLVM's x86 lowering would round to float32 first, twice).
      llvm::Type *via = ft->isBFloat16() ? b.getDoubleTy() : dst;
      llvm::Value *f = isSigned(from) ? b.CreateSIToFP(v, via) : b.CreateUIToFP(v, via);
      return via == dst ? f : doubleToBFloat(f);
    }
    return b.CreateIntCast(v, dst, isSigned(from));
  }
  // From a float. float16 <-> bfloat16 through float32 (both convert to it
  // exactly); CreateFPCast would bitcast between two 16-bit types.
  if (isa<ir::FloatType>(to)) {
    if (v->getType() != dst && v->getType()->getPrimitiveSizeInBits() ==
                                   dst->getPrimitiveSizeInBits())
      return b.CreateFPTrunc(b.CreateFPExt(v, b.getFloatTy()), dst);
    if (dst->isBFloatTy() && v->getType()->isDoubleTy())
      return doubleToBFloat(v);
    return b.CreateFPCast(v, dst);
  }
  // float -> int truncates toward zero; saturating so that NaN and
  // out-of-range values give a defined result (as PTX's cvt.rzi does).
  auto id = isSigned(to) ? llvm::Intrinsic::fptosi_sat : llvm::Intrinsic::fptoui_sat;
  return b.CreateIntrinsic(id, {dst, v->getType()}, {v});
}

// numba's int_power (numba/cpython/numbers.py) of a float32 or float64 and
// an int64: r = 1; |b| steps of repeated squaring; 1 / r for b < 0, computed
// in float64; math.pow(a, float(b)) in float64 for |b| > 2**16. One internal
// function per type, inlined by the optimizer.
llvm::Function *Emitter::powiFunction(llvm::Type *ty) {
  std::string name = ty->isFloatTy() ? "__pyjit_powi_f32" : "__pyjit_powi_f64";
  if (llvm::Function *f = module.getFunction(name))
    return f;
  llvm::Type *i64 = b.getInt64Ty(), *f64 = b.getDoubleTy();
  auto *f = llvm::Function::Create(llvm::FunctionType::get(ty, {ty, i64}, false),
                                   llvm::GlobalValue::InternalLinkage, name, module);
  f->addFnAttr(llvm::Attribute::AlwaysInline);
  llvm::IRBuilder<> fb(ctx);
  fb.setFastMathFlags(b.getFastMathFlags());
  auto *entry = llvm::BasicBlock::Create(ctx, "entry", f);
  auto *generic = llvm::BasicBlock::Create(ctx, "generic", f);
  auto *loop = llvm::BasicBlock::Create(ctx, "loop", f);
  auto *done = llvm::BasicBlock::Create(ctx, "done", f);
  llvm::Value *a = f->getArg(0), *n = f->getArg(1);
  fb.SetInsertPoint(entry);
  llvm::Value *negative = fb.CreateICmpSLT(n, fb.getInt64(0));
  llvm::Value *e = fb.CreateSelect(negative, fb.CreateNeg(n), n); // |n|; INT64_MIN stays big
  fb.CreateCondBr(fb.CreateICmpUGT(e, fb.getInt64(0x10000)), generic, loop);
  fb.SetInsertPoint(generic);
  auto pow = module.getOrInsertFunction("__nv_pow", llvm::FunctionType::get(f64, {f64, f64}, false));
  llvm::Value *p = fb.CreateCall(pow, {fb.CreateFPExt(a, f64), fb.CreateSIToFP(n, f64)});
  fb.CreateRet(ty == f64 ? p : fb.CreateFPTrunc(p, ty));
  fb.SetInsertPoint(loop); // while e: if e & 1: r *= a; e >>= 1; a *= a
  llvm::PHINode *r = fb.CreatePHI(ty, 2, "r");
  llvm::PHINode *base = fb.CreatePHI(ty, 2, "a");
  llvm::PHINode *left = fb.CreatePHI(i64, 2, "e");
  r->addIncoming(llvm::ConstantFP::get(ty, 1.0), entry);
  base->addIncoming(a, entry);
  left->addIncoming(e, entry);
  llvm::Value *odd = fb.CreateTrunc(left, fb.getInt1Ty());
  llvm::Value *nextR = fb.CreateSelect(odd, fb.CreateFMul(r, base), r);
  llvm::Value *nextE = fb.CreateLShr(left, 1);
  llvm::Value *nextA = fb.CreateFMul(base, base);
  r->addIncoming(nextR, loop);
  base->addIncoming(nextA, loop);
  left->addIncoming(nextE, loop);
  fb.CreateCondBr(fb.CreateICmpEQ(nextE, fb.getInt64(0)), done, loop);
  fb.SetInsertPoint(done);
  llvm::PHINode *result = fb.CreatePHI(ty, 1);
  result->addIncoming(nextR, loop);
  llvm::Value *inverse = fb.CreateFDiv(llvm::ConstantFP::get(f64, 1.0), fb.CreateFPExt(result, f64));
  if (ty != f64)
    inverse = fb.CreateFPTrunc(inverse, ty);
  fb.CreateRet(fb.CreateSelect(negative, inverse, result));
  return f;
}

// libdevice's fmod of two float32 or float64 values.
llvm::Value *Emitter::fmodOf(llvm::Value *x, llvm::Value *y) {
  llvm::Type *ty = x->getType();
  auto callee = module.getOrInsertFunction(ty->isFloatTy() ? "__nv_fmodf" : "__nv_fmod",
                                           llvm::FunctionType::get(ty, {ty, ty}, false));
  return b.CreateCall(callee, {x, y});
}

// Python's x // y of two float32 or float64 values.
llvm::Value *Emitter::floorDivFloat(llvm::Value *x, llvm::Value *y) {
  llvm::Type *ty = x->getType();
  // CPython's float_floor_div (Objects/floatobject.c, float_divmod):
  // exact where floor(x / y) is not, e.g. 1.0 // 0.1 == 9.0.
  llvm::Value *zero = llvm::ConstantFP::get(ty, 0.0);
  llvm::Value *mod = fmodOf(x, y);
  llvm::Value *div = b.CreateFDiv(b.CreateFSub(x, mod), y);
  llvm::Value *adjust = b.CreateAnd(
      b.CreateFCmpUNE(mod, zero),
      b.CreateXor(b.CreateFCmpOLT(y, zero), b.CreateFCmpOLT(mod, zero)));
  div = b.CreateSelect(adjust, b.CreateFSub(div, llvm::ConstantFP::get(ty, 1.0)), div);
  llvm::Value *fl = b.CreateUnaryIntrinsic(llvm::Intrinsic::floor, div);
  llvm::Value *roundUp = b.CreateFCmpOGT(b.CreateFSub(div, fl), llvm::ConstantFP::get(ty, 0.5));
  fl = b.CreateSelect(roundUp, b.CreateFAdd(fl, llvm::ConstantFP::get(ty, 1.0)), fl);
  llvm::Value *quotient = b.CreateFDiv(x, y);
  llvm::Value *signedZero = b.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, zero, quotient);
  fl = b.CreateSelect(b.CreateFCmpOEQ(div, zero), signedZero, fl);
  // By zero: x / y (+-inf, or NaN for 0 // 0), as NumPy and numba's
  // error model give (Python raises ZeroDivisionError).
  return b.CreateSelect(b.CreateFCmpOEQ(y, zero), quotient, fl);
}

// Python's x % y of two float32 or float64 values.
llvm::Value *Emitter::modFloat(llvm::Value *x, llvm::Value *y) {
  llvm::Type *ty = x->getType();
  // CPython's float_rem: fmod, then move a non-zero remainder to the
  // divisor's sign; a zero remainder takes the divisor's sign too.
  llvm::Value *r = fmodOf(x, y);
  llvm::Value *fzero = llvm::ConstantFP::get(ty, 0.0);
  llvm::Value *adjust = b.CreateAnd(
      b.CreateFCmpONE(r, fzero),
      b.CreateXor(b.CreateFCmpOLT(r, fzero), b.CreateFCmpOLT(y, fzero)));
  llvm::Value *moved = b.CreateSelect(adjust, b.CreateFAdd(r, y), r);
  llvm::Value *signedZero = b.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, fzero, y);
  return b.CreateSelect(b.CreateFCmpOEQ(r, fzero), signedZero, moved);
}

llvm::Value *Emitter::arith(const ir::Instruction &inst) {
  ir::Type *t = inst.type();
  if (isa<ir::ComplexType>(t))
    return complexArith(inst);
  llvm::Value *x = val(inst.operand(0));
  llvm::Value *y = val(inst.operand(1));
  bool isFloat = isa<ir::FloatType>(t);
  bool sign = isSigned(t);
  llvm::Type *ty = x->getType();
  switch (inst.opcode()) {
  case Opcode::Add:
    return isFloat ? b.CreateFAdd(x, y) : b.CreateAdd(x, y);
  case Opcode::Sub:
    return isFloat ? b.CreateFSub(x, y) : b.CreateSub(x, y);
  case Opcode::Mul:
    return isFloat ? b.CreateFMul(x, y) : b.CreateMul(x, y);
  case Opcode::TrueDiv:
    // fastmath arcp without afn: nvcc's -prec-div=false, div.full.f32
    // (2 ulp). With afn LLVM selects div.approx.f32 itself.
    if (options.fastmath.arcp && !options.fastmath.afn && x->getType()->isFloatTy() &&
        !options.host)
      return callIntrinsic(options.fastmath.ftz ? llvm::Intrinsic::nvvm_div_full_ftz
                                                : llvm::Intrinsic::nvvm_div_full,
                           {x, y});
    return b.CreateFDiv(x, y);
  case Opcode::FloorDiv: {
    if (isFloat && ty->getPrimitiveSizeInBits() == 16) {
      // float16, bfloat16: in float32, which holds both exactly (the quotient
      // rounded to 16 bits before the floor would be off by one and more).
      llvm::Value *r = floorDivFloat(b.CreateFPExt(x, b.getFloatTy()),
                                     b.CreateFPExt(y, b.getFloatTy()));
      return b.CreateFPTrunc(r, ty);
    }
    if (isFloat)
      return floorDivFloat(x, y);
    // Division by zero gives 0 instead of undefined behaviour.
    llvm::Value *zero = llvm::ConstantInt::get(ty, 0);
    llvm::Value *isZero = b.CreateICmpEQ(y, zero);
    llvm::Value *safeY = b.CreateSelect(isZero, llvm::ConstantInt::get(ty, 1), y);
    if (!sign)
      return b.CreateSelect(isZero, zero, b.CreateUDiv(x, safeY));
    // x // -1 is -x, wrapping for the minimum (sdiv would overflow there,
    // which LLVM treats as undefined): divide by 1 and negate instead.
    llvm::Value *isMinusOne = b.CreateICmpEQ(y, llvm::ConstantInt::getSigned(ty, -1));
    safeY = b.CreateSelect(isMinusOne, llvm::ConstantInt::get(ty, 1), safeY);
    llvm::Value *q = b.CreateSDiv(x, safeY);
    llvm::Value *r = b.CreateSRem(x, safeY);
    // Floor: subtract one when the remainder is non-zero and its sign
    // differs from the divisor's.
    llvm::Value *adjust = b.CreateAnd(b.CreateICmpNE(r, zero),
                                      b.CreateICmpSLT(b.CreateXor(r, safeY), zero));
    q = b.CreateSub(q, b.CreateZExt(adjust, ty));
    q = b.CreateSelect(isMinusOne, b.CreateSub(zero, x), q);
    return b.CreateSelect(isZero, zero, q);
  }
  case Opcode::Mod: {
    if (isFloat && ty->getPrimitiveSizeInBits() == 16) // as floor division
      return b.CreateFPTrunc(modFloat(b.CreateFPExt(x, b.getFloatTy()),
                                      b.CreateFPExt(y, b.getFloatTy())),
                             ty);
    if (isFloat)
      return modFloat(x, y);
    llvm::Value *zero = llvm::ConstantInt::get(ty, 0);
    llvm::Value *isZero = b.CreateICmpEQ(y, zero);
    llvm::Value *safeY = b.CreateSelect(isZero, llvm::ConstantInt::get(ty, 1), y);
    if (!sign)
      return b.CreateSelect(isZero, zero, b.CreateURem(x, safeY));
    // x % -1 is 0 = x % 1 (srem of the minimum by -1 would overflow).
    safeY = b.CreateSelect(b.CreateICmpEQ(y, llvm::ConstantInt::getSigned(ty, -1)),
                           llvm::ConstantInt::get(ty, 1), safeY);
    llvm::Value *r = b.CreateSRem(x, safeY);
    llvm::Value *adjust = b.CreateAnd(b.CreateICmpNE(r, zero),
                                      b.CreateICmpSLT(b.CreateXor(r, safeY), zero));
    r = b.CreateSelect(adjust, b.CreateAdd(r, safeY), r);
    return b.CreateSelect(isZero, zero, r);
  }
  case Opcode::Pow: {
    if (!isFloat)
      return intPow(x, y, sign);
    if (y->getType()->isIntegerTy())
      return b.CreateCall(powiFunction(ty), {x, y});
    if (auto *c = dyn_cast<llvm::ConstantFP>(y)) {
      if (c->isExactlyValue(2.0))
        return b.CreateFMul(x, x); // correctly rounded pow(x, 2) is x*x
      if (c->isExactlyValue(1.0))
        return x;
    }
    return libdevice("__nv_powf", "__nv_pow", t, {x, y});
  }
  case Opcode::BitAnd:
    return b.CreateAnd(x, y);
  case Opcode::BitOr:
    return b.CreateOr(x, y);
  case Opcode::BitXor:
    return b.CreateXor(x, y);
  case Opcode::Shl:
  case Opcode::Shr: {
    // Shifts by the width or more are defined: `<<` gives 0, `>>` the sign.
    unsigned bits = ty->getIntegerBitWidth();
    llvm::Value *big = b.CreateICmpUGE(y, llvm::ConstantInt::get(ty, bits));
    llvm::Value *amount = b.CreateSelect(big, llvm::ConstantInt::get(ty, bits - 1), y);
    if (inst.opcode() == Opcode::Shl)
      return b.CreateSelect(big, llvm::ConstantInt::get(ty, 0), b.CreateShl(x, amount));
    if (sign)
      return b.CreateAShr(x, amount);
    return b.CreateSelect(big, llvm::ConstantInt::get(ty, 0), b.CreateLShr(x, amount));
  }
  case Opcode::Min:
  case Opcode::Max: {
    // Python: min(a, b) is b if b < a else a (max likewise with >).
    bool isMin = inst.opcode() == Opcode::Min;
    llvm::Value *pick;
    if (isFloat)
      pick = isMin ? b.CreateFCmpOLT(y, x) : b.CreateFCmpOGT(y, x);
    else if (sign)
      pick = isMin ? b.CreateICmpSLT(y, x) : b.CreateICmpSGT(y, x);
    else
      pick = isMin ? b.CreateICmpULT(y, x) : b.CreateICmpUGT(y, x);
    return b.CreateSelect(pick, y, x);
  }
  default:
    return nullptr;
  }
}

// A view: indexed dimensions move the data pointer; sliced ones follow
// Python's slice.indices (CPython Objects/sliceobject.c, PySlice_AdjustIndices)
// for start, stop and length, and scale the stride by the step.
void Emitter::arrayView(const ir::Instruction &inst) {
  const ArrayParts &a = arrays.at(inst.operand(0));
  ArrayParts v;
  v.small = a.small; // a view spans no more than its base
  v.shared = a.shared;
  llvm::Type *i64 = b.getInt64Ty();
  llvm::Value *zero = b.getInt64(0), *one = b.getInt64(1), *minusOne = b.getInt64(-1);
  llvm::Value *offset = zero;
  unsigned op = 1;
  for (unsigned d = 0; d < a.shape.size(); ++d) {
    int64_t bits = (inst.intImm >> (3 * d)) & 7;
    if (!(bits & 1)) {
      offset = b.CreateAdd(offset, b.CreateMul(val(inst.operand(op++)), a.strides[d]));
      continue;
    }
    llvm::Value *lo = val(inst.operand(op++));
    llvm::Value *hi = val(inst.operand(op++));
    llvm::Value *step = val(inst.operand(op++));
    llvm::Value *len = a.shape[d];
    llvm::Value *neg = b.CreateICmpSLT(step, zero);
    llvm::Value *lenMinus1 = b.CreateSub(len, one);
    auto adjust = [&](llvm::Value *x) {
      llvm::Value *wrapped = b.CreateAdd(x, len);
      llvm::Value *low = b.CreateSelect(b.CreateICmpSLT(wrapped, zero),
                                        b.CreateSelect(neg, minusOne, zero), wrapped);
      llvm::Value *high = b.CreateSelect(neg, lenMinus1, len);
      return b.CreateSelect(b.CreateICmpSLT(x, zero), low,
                            b.CreateSelect(b.CreateICmpSGE(x, len), high, x));
    };
    llvm::Value *start = (bits & 2) ? b.CreateSelect(neg, lenMinus1, zero) : adjust(lo);
    llvm::Value *stop = (bits & 4) ? b.CreateSelect(neg, minusOne, len) : adjust(hi);
    llvm::Value *isZero = b.CreateICmpEQ(step, zero);
    llvm::Value *safeStep = b.CreateSelect(isZero, one, step);
    llvm::Value *upLen = b.CreateSelect(
        b.CreateICmpSLT(start, stop),
        b.CreateAdd(b.CreateSDiv(b.CreateSub(b.CreateSub(stop, start), one), safeStep), one), zero);
    llvm::Value *downLen = b.CreateSelect(
        b.CreateICmpSLT(stop, start),
        b.CreateAdd(b.CreateSDiv(b.CreateSub(b.CreateSub(start, stop), one), b.CreateNeg(safeStep)),
                    one),
        zero);
    llvm::Value *length = b.CreateSelect(isZero, zero, b.CreateSelect(neg, downLen, upLen));
    offset = b.CreateAdd(offset, b.CreateMul(start, a.strides[d]));
    v.shape.push_back(length);
    v.strides.push_back(b.CreateMul(a.strides[d], step));
  }
  (void)i64;
  v.data = b.CreateGEP(b.getInt8Ty(), a.data, offset);
  arrays[&inst] = v;
}

void Emitter::storeMisaligned(llvm::Value *v, llvm::Value *ptr, llvm::Align align) {
  llvm::Type *ty = v->getType();
  uint64_t size = module.getDataLayout().getTypeStoreSize(ty);
  if (auto *st = llvm::dyn_cast<llvm::StructType>(ty)) { // complex: part by part
    for (unsigned j = 0; j < st->getNumElements(); ++j) {
      uint64_t at = module.getDataLayout().getStructLayout(st)->getElementOffset(j);
      storeMisaligned(b.CreateExtractValue(v, j),
                      b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), ptr, at),
                      llvm::commonAlignment(align, at));
    }
    return;
  }
  if (options.host || !ty->isFloatingPointTy() || align.value() >= size) {
    b.CreateAlignedStore(v, ptr, align);
    return;
  }
  // A float at an address not aligned for it (a packed record's field), on
  // the GPU: byte by byte from its bits. LLVM would store the low byte
  // straight from the register the float arithmetic wrote, and ptxas (CUDA
  // 13.0) compiles `st.b8` of such a register as a float-to-integer
  // conversion (F2IP.U8.F32), not as its low 8 bits. So the low byte is
  // taken by an integer instruction LLVM cannot fold away.
  unsigned bits = static_cast<unsigned>(size * 8);
  llvm::Type *intTy = b.getIntNTy(bits);
  llvm::Value *word = b.CreateBitCast(v, intTy);
  const char *constraint = bits == 16 ? "=h,h" : bits == 32 ? "=r,r" : "=l,l";
  std::string text = "and.b" + std::to_string(bits) + " $0, $1, 255;";
  auto *asmFn = llvm::InlineAsm::get(llvm::FunctionType::get(intTy, {intTy}, false), text,
                                     constraint, /*hasSideEffects=*/false);
  for (uint64_t k = 0; k < size; ++k) {
    llvm::Value *byte = k == 0 ? b.CreateCall(asmFn, {word}) : b.CreateLShr(word, 8 * k);
    b.CreateAlignedStore(b.CreateTrunc(byte, b.getInt8Ty()),
                         b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), ptr, k), llvm::Align(1));
  }
}

Emitter::ArraySpace Emitter::arraySpace(const ir::Value *v, std::set<const ir::Value *> &seen) {
  if (!seen.insert(v).second)
    return {}; // a loop back to a phi being decided: no information
  auto *inst = dyn_cast<ir::Instruction>(v);
  if (inst && inst->opcode() == ir::Opcode::ConstInt)
    return {}; // the null array: no memory of its own (it takes the phi's)
  if (auto it = arrays.find(v); it != arrays.end())
    return {it->second.data->getType()->getPointerAddressSpace(), it->second.shared, true};
  if (!inst) // a kernel argument
    return {globalAS(), false, true};
  switch (inst->opcode()) {
  case ir::Opcode::AllocArray:
    if (inst->intImm == 3)
      return {sharedAS(), true, true};
    if (inst->intImm == 4)
      return {constAS(), false, true};
    return {module.getDataLayout().getAllocaAddrSpace(), false, true};
  case ir::Opcode::ArrayView:
  case ir::Opcode::ArrayTranspose:
  case ir::Opcode::ArrayNewAxis:
  case ir::Opcode::ArrayCast:
  case ir::Opcode::RecordFieldView:
  case ir::Opcode::ComplexPartView:
  case ir::Opcode::ArrayFieldView:
  case ir::Opcode::ArrayReshape:
    return arraySpace(inst->operand(0), seen);
  case ir::Opcode::Phi:
  case ir::Opcode::Select: {
    ArraySpace merged;
    for (const ir::Value *in : inst->operands()) {
      if (!isa<ir::ArrayType>(in->type()))
        continue; // (a select's condition)
      ArraySpace one = arraySpace(in, seen);
      if (!one.known)
        continue;
      if (!merged.known)
        merged = one;
      else if (merged.space != one.space)
        merged.space = 0; // generic
      merged.shared |= one.shared;
    }
    return merged;
  }
  default:
    return {0, false, true}; // generic: right for any array
  }
}

void Emitter::arrayPhi(const ir::Instruction &inst) {
  auto *at = cast<ir::ArrayType>(inst.type());
  std::set<const ir::Value *> seen;
  ArraySpace where = arraySpace(&inst, seen);
  ArrayParts parts;
  parts.shared = where.shared; // racecheck logs its accesses if any path is shared
  parts.data = b.CreatePHI(llvm::PointerType::get(ctx, where.known ? where.space : 0),
                           inst.numOperands(), "array.data");
  for (unsigned d = 0; d < at->ndim(); ++d) {
    parts.shape.push_back(b.CreatePHI(b.getInt64Ty(), inst.numOperands(), "array.extent"));
    parts.strides.push_back(b.CreatePHI(b.getInt64Ty(), inst.numOperands(), "array.stride"));
  }
  arrays[&inst] = std::move(parts);
  arrayPhis.push_back(&inst);
}

llvm::Align Emitter::alignOf(const ir::Instruction &inst, llvm::Type *memTy) const {
  // A scalar's size; a bytes or str item's ([N x i8], [N x i32]) character's.
  if (auto *chars = llvm::dyn_cast<llvm::ArrayType>(memTy))
    memTy = chars->getElementType();
  uint64_t natural = module.getDataLayout().getTypeStoreSize(memTy);
  return llvm::Align(std::max<uint64_t>(natural, inst.intImm > 0 ? inst.intImm : 1));
}

llvm::Value *Emitter::address(const ir::Instruction &inst) {
  const ArrayParts &a = arrays.at(inst.operand(0));
  auto *at = cast<ir::ArrayType>(inst.operand(0)->type());
  llvm::Type *elemTy = memTypeOf(at->dtype());
  unsigned n = at->ndim();
  // Byte offset from the strides; the contiguous dimension of a C (last) or
  // Fortran (first) array is scaled by the element size instead, so its
  // stride is never loaded.
  unsigned unit = at->layout() == ir::Layout::C ? n - 1 : at->layout() == ir::Layout::F ? 0 : n;
  if (a.small) {
    // In bounds, every term and the sum fit in int32 (no signed wrap).
    llvm::Type *i32 = b.getInt32Ty();
    llvm::Value *offset = nullptr;
    for (unsigned d = 0; d < n; ++d) {
      // In bounds the truncations lose nothing (nsw): LLVM may also undo them.
      llvm::Value *idx = b.CreateTrunc(val(inst.operand(1 + d)), i32, "", false, true);
      llvm::Value *term =
          d == unit
              ? b.CreateNSWMul(idx, b.getInt32(static_cast<uint32_t>(
                                        module.getDataLayout().getTypeAllocSize(elemTy))))
              : b.CreateNSWMul(idx, b.CreateTrunc(a.strides[d], i32, "", false, true));
      offset = offset ? b.CreateNSWAdd(offset, term) : term;
    }
    return offset ? b.CreateGEP(b.getInt8Ty(), a.data, offset) : a.data;
  }
  llvm::Value *offset = nullptr;
  for (unsigned d = 0; d < n; ++d) {
    if (d == unit)
      continue;
    llvm::Value *term = b.CreateMul(val(inst.operand(1 + d)), a.strides[d]);
    offset = offset ? b.CreateAdd(offset, term) : term;
  }
  llvm::Value *base = a.data;
  if (offset)
    base = b.CreateGEP(b.getInt8Ty(), base, offset);
  if (unit < n)
    return b.CreateGEP(elemTy, base, val(inst.operand(1 + unit)));
  return base;
}

llvm::Error Emitter::emit(const ir::Instruction &inst) {
  ir::Type *t = inst.type();
  llvm::Value *result = nullptr;
  switch (inst.opcode()) {
  case Opcode::ConstInt:
    if (auto *at = dyn_cast<ir::ArrayType>(t)) {
      // An array variable read where it has no value, or an Optional's None:
      // the null array, of no elements (a phi takes it in any memory).
      ArrayParts none;
      none.data = llvm::ConstantPointerNull::get(llvm::PointerType::get(ctx, 0));
      for (unsigned d = 0; d < at->ndim(); ++d) {
        none.shape.push_back(b.getInt64(0));
        none.strides.push_back(b.getInt64(0));
      }
      arrays[&inst] = std::move(none);
      return llvm::Error::success();
    }
    result = llvm::ConstantInt::get(typeOf(t), static_cast<uint64_t>(inst.intImm), isSigned(t));
    break;
  case Opcode::ConstFloat:
    result = llvm::ConstantFP::get(typeOf(t), inst.floatImm);
    break;
  case Opcode::ConstBool:
    result = b.getInt1(inst.intImm != 0);
    break;
  case Opcode::ConstChars:
    result = constChars(inst);
    break;
  case Opcode::CharsLen:
    result = charsLen(val(inst.operand(0)), cast<ir::CharSeqType>(inst.operand(0)->type()));
    break;
  case Opcode::Add: case Opcode::Sub: case Opcode::Mul: case Opcode::TrueDiv:
  case Opcode::FloorDiv: case Opcode::Mod: case Opcode::Pow: case Opcode::BitAnd:
  case Opcode::BitOr: case Opcode::BitXor: case Opcode::Shl: case Opcode::Shr:
  case Opcode::Min: case Opcode::Max:
    result = arith(inst);
    break;
  case Opcode::Neg: {
    llvm::Value *x = val(inst.operand(0));
    if (isa<ir::ComplexType>(t))
      result = makeComplex(x->getType(), b.CreateFNeg(b.CreateExtractValue(x, 0)),
                           b.CreateFNeg(b.CreateExtractValue(x, 1)));
    else
      result = isa<ir::FloatType>(t) ? b.CreateFNeg(x) : b.CreateNeg(x);
    break;
  }
  case Opcode::ComplexMake:
    result = makeComplex(typeOf(t), val(inst.operand(0)), val(inst.operand(1)));
    break;
  case Opcode::ComplexPart:
    result = b.CreateExtractValue(val(inst.operand(0)), static_cast<unsigned>(inst.intImm));
    break;
  case Opcode::Not:
  case Opcode::Invert:
    result = b.CreateNot(val(inst.operand(0)));
    break;
  case Opcode::Cmp: {
    llvm::Value *x = val(inst.operand(0)), *y = val(inst.operand(1));
    ir::Type *ot = inst.operand(0)->type();
    using P = llvm::CmpInst::Predicate;
    static const P fp[] = {P::FCMP_OEQ, P::FCMP_UNE, P::FCMP_OLT, P::FCMP_OLE, P::FCMP_OGT, P::FCMP_OGE};
    static const P si[] = {P::ICMP_EQ, P::ICMP_NE, P::ICMP_SLT, P::ICMP_SLE, P::ICMP_SGT, P::ICMP_SGE};
    static const P ui[] = {P::ICMP_EQ, P::ICMP_NE, P::ICMP_ULT, P::ICMP_ULE, P::ICMP_UGT, P::ICMP_UGE};
    int k = static_cast<int>(inst.predicate());
    if (auto *cs = dyn_cast<ir::CharSeqType>(ot)) { // == and != (the verifier checked)
      result = charsEqual(x, y, cs);
      if (inst.predicate() == ir::CmpPredicate::Ne)
        result = b.CreateNot(result);
    } else if (isa<ir::ComplexType>(ot)) {
      llvm::Value *re = b.CreateFCmp(fp[k], b.CreateExtractValue(x, 0), b.CreateExtractValue(y, 0));
      llvm::Value *im = b.CreateFCmp(fp[k], b.CreateExtractValue(x, 1), b.CreateExtractValue(y, 1));
      // == needs both parts equal; != either part different.
      result = inst.predicate() == ir::CmpPredicate::Eq ? b.CreateAnd(re, im) : b.CreateOr(re, im);
    } else if (isa<ir::FloatType>(ot))
      result = b.CreateFCmp(fp[k], x, y);
    else
      result = b.CreateICmp(isSigned(ot) ? si[k] : ui[k], x, y);
    break;
  }
  case Opcode::Cast:
    if (auto *cs = dyn_cast<ir::CharSeqType>(t))
      result = charsResize(val(inst.operand(0)), cast<ir::CharSeqType>(inst.operand(0)->type()),
                           cs);
    else
      result = convert(val(inst.operand(0)), inst.operand(0)->type(), t);
    break;
  case Opcode::Bitcast:
    result = b.CreateBitCast(val(inst.operand(0)), typeOf(t));
    break;
  case Opcode::Select:
    if (auto *at = dyn_cast<ir::ArrayType>(t)) {
      // An array: each part chosen (a run-time index into a tuple of arrays);
      // data in different memories as a generic pointer.
      llvm::Value *cond = val(inst.operand(0));
      const ArrayParts &x = arrays.at(inst.operand(1)), &y = arrays.at(inst.operand(2));
      ArrayParts parts;
      llvm::Value *px = x.data, *py = y.data;
      if (px->getType() != py->getType()) {
        px = b.CreateAddrSpaceCast(px, llvm::PointerType::get(ctx, 0));
        py = b.CreateAddrSpaceCast(py, llvm::PointerType::get(ctx, 0));
      }
      parts.data = b.CreateSelect(cond, px, py, "array.data");
      for (unsigned d = 0; d < at->ndim(); ++d) {
        parts.shape.push_back(b.CreateSelect(cond, x.shape[d], y.shape[d], "array.extent"));
        parts.strides.push_back(b.CreateSelect(cond, x.strides[d], y.strides[d], "array.stride"));
      }
      parts.small = x.small && y.small;
      parts.shared = x.shared || y.shared;
      arrays[&inst] = std::move(parts);
      return llvm::Error::success();
    }
    result = b.CreateSelect(val(inst.operand(0)), val(inst.operand(1)), val(inst.operand(2)));
    break;
  case Opcode::Sqrt:
    result = b.CreateUnaryIntrinsic(llvm::Intrinsic::sqrt, val(inst.operand(0)));
    break;
  case Opcode::Abs: {
    llvm::Value *x = val(inst.operand(0));
    if (isa<ir::FloatType>(t))
      result = b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x);
    else if (isSigned(t))
      result = b.CreateBinaryIntrinsic(llvm::Intrinsic::abs, x, b.getFalse());
    else
      result = x;
    break;
  }
  case Opcode::SReg:
    result = sreg(inst.specialReg());
    break;
  case Opcode::Math:
    result = math(inst);
    break;
  case Opcode::Cuda:
    result = cuda(inst);
    if (isa<ir::NoneType>(t))
      return llvm::Error::success();
    break;
  case Opcode::Libdevice: {
    // __nv_<name>(params..., output pointers...): an output is a local
    // array's element, passed as a generic pointer as libdevice takes it.
    std::vector<llvm::Value *> args;
    std::vector<llvm::Type *> argTys;
    for (const ir::Value *op : inst.operands()) {
      llvm::Value *a = isa<ir::ArrayType>(op->type())
                           ? b.CreateAddrSpaceCast(arrays.at(op).data, b.getPtrTy(0))
                           : val(op);
      args.push_back(a);
      argTys.push_back(a->getType());
    }
    llvm::Type *rt = isa<ir::NoneType>(t) ? b.getVoidTy() : typeOf(t);
    auto callee = module.getOrInsertFunction("__nv_" + inst.text,
                                             llvm::FunctionType::get(rt, argTys, false));
    result = b.CreateCall(callee, args);
    if (isa<ir::NoneType>(t))
      return llvm::Error::success();
    break;
  }
  case Opcode::CheckStack: {
    if (!options.host)
      return llvm::Error::success(); // (a GPU thread's stack overflows into a device fault)
    llvm::Value *limit = b.CreateLoad(
        b.getPtrTy(), b.CreateConstInBoundsGEP1_32(b.getInt8Ty(), kernel->getArg(0),
                                                   kHostStackLimitOffset));
    // The stack pointer after the prologue: below the whole frame (its local
    // arrays too), which the prologue reserves without touching it.
    llvm::Value *frame = callIntrinsic(llvm::Intrinsic::stacksave, {}, {b.getPtrTy()});
    llvm::BasicBlock *fail = llvm::BasicBlock::Create(ctx, "stack.exhausted", kernel);
    llvm::BasicBlock *next = llvm::BasicBlock::Create(ctx, "stack.ok", kernel);
    b.CreateCondBr(b.CreateICmpULT(b.CreatePtrToInt(frame, b.getInt64Ty()),
                                   b.CreatePtrToInt(limit, b.getInt64Ty())),
                   fail, next);
    b.SetInsertPoint(fail);
    raise(inst);
    stopThread();
    b.SetInsertPoint(next);
    return llvm::Error::success();
  }
  case Opcode::Call: {
    // EmitOptions::Abi::Internal: the callee may be emitted later.
    std::vector<ir::Type *> types;
    std::vector<llvm::Value *> args;
    if (options.host)
      args.push_back(kernel->getArg(0)); // HostContext *
    for (const ir::Value *op : inst.operands()) {
      types.push_back(op->type());
      if (isa<ir::ArrayType>(op->type())) {
        const ArrayParts &parts = arrays.at(op);
        args.push_back(b.CreateAddrSpaceCast(parts.data, b.getPtrTy(0)));
        args.insert(args.end(), parts.shape.begin(), parts.shape.end());
        args.insert(args.end(), parts.strides.begin(), parts.strides.end());
      } else if (isa<ir::ComplexType>(op->type())) {
        args.push_back(b.CreateExtractValue(val(op), 0));
        args.push_back(b.CreateExtractValue(val(op), 1));
      } else {
        llvm::Value *v = val(op);
        args.push_back(isa<ir::BoolType>(op->type()) ? b.CreateZExt(v, b.getInt8Ty()) : v);
      }
    }
    llvm::Function *callee = internalFunction(inst.text, types, t);
    llvm::Value *returned = b.CreateCall(callee, args);
    bool hasValue = !isa<ir::NoneType>(t);
    llvm::Value *status = hasValue ? b.CreateExtractValue(returned, 0) : returned;
    // A callee that stopped (a raise) stops this thread too.
    llvm::BasicBlock *stop = llvm::BasicBlock::Create(ctx, "call.stop", kernel);
    llvm::BasicBlock *next = llvm::BasicBlock::Create(ctx, "call.next", kernel);
    b.CreateCondBr(b.CreateICmpNE(status, b.getInt32(0)), stop, next);
    b.SetInsertPoint(stop);
    stopThread();
    b.SetInsertPoint(next);
    if (!hasValue)
      return llvm::Error::success();
    result = b.CreateExtractValue(returned, 1);
    if (isa<ir::BoolType>(t))
      result = b.CreateICmpNE(result, b.getInt8(0));
    break;
  }
  case Opcode::ExternCall: {
    // numba's device-function ABI: `int f(T *result, params...)`; the
    // result lives in local memory (an entry-block alloca), the status is
    // ignored (numba.cuda's "Device function ABI").
    if (llvm::Function *defined = module.getFunction(inst.text); defined && !defined->isDeclaration())
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "declared device function '" + inst.text + "' has the name of the kernel (or of "
          "another function pyjit defines); give the kernel another name");
    auto *pointerResult = dyn_cast<ir::ArrayType>(t); // CPointer(T): a generic `T *`
    llvm::Type *resultTy = isa<ir::NoneType>(t) ? b.getInt64Ty()
                           : pointerResult      ? b.getPtrTy(0)
                                                : memTypeOf(t);
    bool cAbi = inst.intImm == 1; // declare_device(abi="c"): `T f(params)`
    llvm::AllocaInst *slot = nullptr;
    std::vector<llvm::Value *> args;
    if (!cAbi) {
      llvm::IRBuilder<> entry(&kernel->getEntryBlock(), kernel->getEntryBlock().begin());
      slot = entry.CreateAlloca(resultTy, nullptr, inst.text + ".result");
      // 16 bytes: a complex128 result (CUDA's double2, cuDoubleComplex) is
      // stored with one 16-byte vector store by the callee.
      slot->setAlignment(llvm::Align(16));
      args.push_back(b.CreateAddrSpaceCast(slot, b.getPtrTy(0)));
    }
    for (const ir::Value *op : inst.operands()) {
      llvm::Value *a = isa<ir::ArrayType>(op->type())
                           ? b.CreateAddrSpaceCast(arrays.at(op).data, b.getPtrTy(0))
                           : val(op);
      if (auto *ct = dyn_cast<ir::ComplexType>(op->type())) {
        // CUDA's cuDoubleComplex is double2 (16-byte aligned): passed as a
        // <2 x double> its parameter is `.param .align 16`, as nvcc's is
        // (a {double, double} would be `.align 8`, another ABI).
        llvm::Type *part = ct->partBits() == 64 ? b.getDoubleTy() : b.getFloatTy();
        llvm::Value *v = llvm::PoisonValue::get(llvm::FixedVectorType::get(part, 2));
        v = b.CreateInsertElement(v, b.CreateExtractValue(a, 0), uint64_t(0));
        a = b.CreateInsertElement(v, b.CreateExtractValue(a, 1), uint64_t(1));
      }
      args.push_back(a);
    }
    std::vector<llvm::Type *> argTys;
    for (llvm::Value *a : args)
      argTys.push_back(a->getType());
    if (cAbi && isa<ir::ComplexType>(t))
      return fail("declared device function '" + inst.text + "': the C ABI returns numbers, "
                  "not complex numbers (declare it with numba's ABI)");
    llvm::Type *returned = !cAbi                 ? b.getInt32Ty()
                           : isa<ir::NoneType>(t) ? b.getVoidTy()
                                                  : resultTy;
    auto callee = module.getOrInsertFunction(inst.text,
                                             llvm::FunctionType::get(returned, argTys, false));
    llvm::CallInst *call = b.CreateCall(callee, args);
    if (isa<ir::NoneType>(t))
      return llvm::Error::success();
    result = cAbi ? static_cast<llvm::Value *>(call) : b.CreateLoad(resultTy, slot);
    if (pointerResult) { // a pointer: extent 0, the item size apart (ArrayType)
      ArrayParts parts;
      parts.data = result;
      parts.shape.push_back(b.getInt64(0));
      parts.strides.push_back(b.getInt64(
          module.getDataLayout().getTypeAllocSize(memTypeOf(pointerResult->dtype()))));
      arrays[&inst] = std::move(parts);
      return llvm::Error::success();
    }
    if (resultTy != typeOf(t)) // bool: stored as a byte
      result = b.CreateTrunc(result, typeOf(t));
    break;
  }
  case Opcode::Coop:
    result = coop(inst);
    break;
  case Opcode::CoopAggregate:
    result = b.CreateLoad(typeOf(t), coopAggregates.at(inst.operand(0)));
    break;
  case Opcode::AllocArray:
    allocArray(inst);
    return llvm::Error::success();
  case Opcode::GlobalArray: {
    // A global device array: its address as a pointer to global memory.
    unsigned ndim = cast<ir::ArrayType>(t)->ndim();
    ArrayParts parts;
    parts.data = b.CreateIntToPtr(val(inst.operand(0)), b.getPtrTy(globalAS()));
    for (unsigned d = 0; d < ndim; ++d) {
      parts.shape.push_back(val(inst.operand(1 + d)));
      parts.strides.push_back(val(inst.operand(1 + ndim + d)));
    }
    arrays[&inst] = parts;
    return llvm::Error::success();
  }
  case Opcode::ArrayReshape: {
    // The same data; C strides from the extents, innermost the item size.
    const ArrayParts &base = arrays.at(inst.operand(0));
    unsigned ndim = cast<ir::ArrayType>(t)->ndim();
    ArrayParts parts;
    parts.data = base.data;
    parts.small = base.small;
    parts.shared = base.shared;
    llvm::Value *stride = b.getInt64(module.getDataLayout().getTypeAllocSize(
        memTypeOf(cast<ir::ArrayType>(t)->dtype())));
    parts.shape.resize(ndim);
    parts.strides.resize(ndim);
    for (unsigned d = ndim; d-- > 0;) {
      parts.shape[d] = val(inst.operand(1 + d));
      parts.strides[d] = stride;
      stride = b.CreateMul(stride, parts.shape[d]);
    }
    arrays[&inst] = std::move(parts);
    return llvm::Error::success();
  }
  case Opcode::ArrayFieldView: {
    ArrayParts parts = arrays.at(inst.operand(0));
    parts.data = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), parts.data,
                                              static_cast<uint64_t>(inst.intImm));
    arrays[&inst] = std::move(parts);
    return llvm::Error::success();
  }
  case Opcode::ComplexPartView: {
    ArrayParts parts = arrays.at(inst.operand(0));
    uint64_t partBytes = cast<ir::FloatType>(cast<ir::ArrayType>(t)->dtype())->bits() / 8;
    if (inst.intImm)
      parts.data = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), parts.data, partBytes);
    arrays[&inst] = std::move(parts);
    return llvm::Error::success();
  }
  case Opcode::RecordFieldView: {
    // The element's address plus the field's offset, in the record array's
    // memory; constant extents and strides.
    const ArrayParts &base = arrays.at(inst.operand(0));
    unsigned first = 1 + cast<ir::ArrayType>(inst.operand(0)->type())->ndim();
    unsigned ndim = cast<ir::ArrayType>(t)->ndim();
    ArrayParts parts;
    parts.data = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), address(inst),
                                              static_cast<uint64_t>(inst.intImm));
    for (unsigned d = 0; d < ndim; ++d) {
      parts.shape.push_back(val(inst.operand(first + d)));
      parts.strides.push_back(val(inst.operand(first + ndim + d)));
    }
    parts.small = base.small; // inside one element of the base
    parts.shared = base.shared;
    arrays[&inst] = std::move(parts);
    return llvm::Error::success();
  }
  case Opcode::ArrayStride:
    result = arrays.at(inst.operand(0)).strides.at(inst.intImm);
    break;
  case Opcode::ArrayAddress:
    result = b.CreatePtrToInt(arrays.at(inst.operand(0)).data, b.getInt64Ty());
    break;
  case Opcode::ArrayView:
    arrayView(inst);
    return llvm::Error::success();
  case Opcode::ArrayCast:
    if (auto found = arrays.find(inst.operand(0)); found != arrays.end())
      arrays[&inst] = found->second;
    return llvm::Error::success();
  case Opcode::ArrayNewAxis: {
    const ArrayParts &from = arrays.at(inst.operand(0));
    ArrayParts parts = from;
    parts.shape.clear();
    parts.strides.clear();
    size_t next = 0;
    for (unsigned d = 0; d < cast<ir::ArrayType>(inst.type())->ndim(); ++d) {
      bool added = (inst.intImm >> d) & 1;
      parts.shape.push_back(added ? b.getInt64(1) : from.shape.at(next));
      parts.strides.push_back(added ? b.getInt64(0) : from.strides.at(next));
      next += added ? 0 : 1;
    }
    arrays[&inst] = std::move(parts);
    return llvm::Error::success();
  }
  case Opcode::ArrayTranspose: {
    ArrayParts parts = arrays.at(inst.operand(0));
    std::reverse(parts.shape.begin(), parts.shape.end());
    std::reverse(parts.strides.begin(), parts.strides.end());
    arrays[&inst] = std::move(parts);
    return llvm::Error::success();
  }
  case Opcode::Print:
    print(inst);
    return llvm::Error::success();
  case Opcode::DebugValue:
    debugValue(inst);
    return llvm::Error::success();
  case Opcode::Raise:
    raise(inst);
    return llvm::Error::success();
  case Opcode::ArrayShape:
    result = arrays.at(inst.operand(0)).shape.at(inst.intImm);
    break;
  case Opcode::ArrayLoad: {
    auto *at = cast<ir::ArrayType>(inst.operand(0)->type());
    llvm::Type *memTy = memTypeOf(at->dtype());
    llvm::Value *ptr = address(inst);
    if (options.racecheck && arrays.at(inst.operand(0)).shared)
      logSharedAccess(inst, ptr, memTy, false);
    auto *load = b.CreateAlignedLoad(memTy, ptr, alignOf(inst, memTy));
    // A read-only array in global memory does not change while the kernel
    // runs: the load may go through the non-coherent path (ld.global.nc).
    if (at->readonly() && ptr->getType()->getPointerAddressSpace() == globalAS() &&
        !options.host)
      load->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(ctx, {}));
    result = isa<ir::BoolType>(at->dtype()) ? b.CreateICmpNE(load, b.getInt8(0)) : load;
    break;
  }
  case Opcode::RecordLoad:
  case Opcode::RecordStore: {
    // The element's address, then the field's bytes at its offset. The
    // alignment is what the element size and offset guarantee (a packed
    // dtype may put an 8-byte field at an odd offset), at most the field's.
    auto *rt = cast<ir::RecordType>(cast<ir::ArrayType>(inst.operand(0)->type())->dtype());
    bool store = inst.opcode() == Opcode::RecordStore;
    ir::Type *ft = store ? inst.operands().back()->type() : t;
    llvm::Type *memTy = memTypeOf(ft);
    uint64_t offset = static_cast<uint64_t>(inst.intImm);
    llvm::Value *ptr = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), address(inst), offset);
    uint64_t natural = module.getDataLayout().getTypeStoreSize(memTy);
    llvm::Align align(std::min<uint64_t>(ir::placementAlignment(rt->size(), offset),
                                         natural ? natural : 1));
    if (store) {
      llvm::Value *v = val(inst.operands().back());
      if (isa<ir::BoolType>(ft))
        v = b.CreateZExt(v, memTy);
      storeMisaligned(v, ptr, align);
      return llvm::Error::success();
    }
    llvm::Value *load = b.CreateAlignedLoad(memTy, ptr, align);
    result = isa<ir::BoolType>(ft) ? b.CreateICmpNE(load, b.getInt8(0)) : load;
    break;
  }
  case Opcode::ArrayStore: {
    auto *at = cast<ir::ArrayType>(inst.operand(0)->type());
    llvm::Type *memTy = memTypeOf(at->dtype());
    llvm::Value *v = val(inst.operands().back());
    if (isa<ir::BoolType>(at->dtype()))
      v = b.CreateZExt(v, memTy);
    llvm::Value *ptr = address(inst);
    if (options.racecheck && arrays.at(inst.operand(0)).shared)
      logSharedAccess(inst, ptr, memTy, true);
    b.CreateAlignedStore(v, ptr, alignOf(inst, memTy));
    return llvm::Error::success();
  }
  case Opcode::Phi: {
    if (isa<ir::ArrayType>(t)) {
      arrayPhi(inst);
      return llvm::Error::success();
    }
    llvm::PHINode *node = b.CreatePHI(typeOf(t), inst.numOperands());
    phis.push_back({&inst, node});
    result = node;
    break;
  }
  case Opcode::Br:
    b.CreateBr(blocks.at(inst.blocks()[0]));
    return llvm::Error::success();
  case Opcode::CondBr:
    b.CreateCondBr(val(inst.operand(0)), blocks.at(inst.blocks()[0]), blocks.at(inst.blocks()[1]));
    return llvm::Error::success();
  case Opcode::Ret: {
    llvm::Type *resultTy = kernel->getReturnType();
    auto storeValue = [&](const ir::Value *v) { // a bool as a byte, as in memory
      llvm::Value *x = val(v);
      return isa<ir::BoolType>(v->type()) ? b.CreateZExt(x, b.getInt8Ty()) : x;
    };
    if (inst.intImm == 1) { // the thread stops (a raise)
      stopThread();
    } else if (options.abi == EmitOptions::Abi::Internal) { // status 0 and the value
      b.CreateRet(inst.numOperands() ? b.CreateInsertValue(
                                           b.CreateInsertValue(llvm::PoisonValue::get(resultTy),
                                                               b.getInt32(0), 0),
                                           storeValue(inst.operand(0)), 1)
                                     : static_cast<llvm::Value *>(b.getInt32(0)));
    } else if (options.abi == EmitOptions::Abi::Numba) {
      if (inst.numOperands()) // the result through the pointer passed first
        b.CreateStore(storeValue(inst.operand(0)), kernel->getArg(0));
      b.CreateRet(b.getInt32(0));
    } else if (resultTy->isVoidTy()) {
      b.CreateRetVoid();
    } else { // a raise's early return gives 0 (the thread stops in numba too)
      b.CreateRet(inst.numOperands() ? storeValue(inst.operand(0))
                                     : llvm::Constant::getNullValue(resultTy));
    }
    return llvm::Error::success();
  }
  }
  if (!result)
    return fail(llvm::Twine("cannot lower '") + ir::opcodeName(inst.opcode()) + "' on " + t->str());
  values[&inst] = result;
  return llvm::Error::success();
}


} // namespace pyjit::codegen::detail

using detail::Emitter;

llvm::Expected<llvm::Function *> pyjit::codegen::emitKernel(const ir::Function &fn,
                                                           llvm::Module &module,
                                                           const EmitOptions &options) {
  return Emitter(fn, module, options).run();
}
