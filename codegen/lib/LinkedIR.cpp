//===- LinkedIR.cpp - LLVM IR a kernel links in (numba @intrinsic) --------===//
#include "pyjit/codegen/LinkedIR.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

namespace pyjit::codegen {

llvm::Expected<std::unique_ptr<llvm::Module>>
parseLinkedIR(llvm::StringRef text, llvm::StringRef symbol, llvm::LLVMContext &context) {
  llvm::SMDiagnostic diag;
  auto buffer = llvm::MemoryBuffer::getMemBuffer(text, symbol, /*RequiresNullTerminator=*/false);
  std::unique_ptr<llvm::Module> m = llvm::parseIR(buffer->getMemBufferRef(), diag, context);
  if (!m)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "its LLVM IR does not parse: line " +
                                       llvm::Twine(diag.getLineNo()) + ":" +
                                       llvm::Twine(diag.getColumnNo() + 1) + ": " +
                                       diag.getMessage());
  std::string problems;
  llvm::raw_string_ostream os(problems);
  if (llvm::verifyModule(*m, &os))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "its LLVM IR is invalid: " + llvm::StringRef(problems).trim());
  llvm::Function *f = m->getFunction(symbol);
  if (!f || f->isDeclaration())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "its LLVM IR does not define '" + symbol + "'");
  if (std::string bad = badInlineAsm(*m); !bad.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(), bad);
  return std::move(m);
}

std::string badInlineAsm(const llvm::Module &module) {
  // A register operand of one of these types (NVPTX's r, l, h, f, d, c
  // constraints); others (i128, vectors) stop LLVM's instruction selection
  // with a fatal error.
  auto registerType = [](llvm::Type *t) {
    return t->isIntegerTy(1) || t->isIntegerTy(8) || t->isIntegerTy(16) || t->isIntegerTy(32) ||
           t->isIntegerTy(64) || t->isHalfTy() || t->isBFloatTy() || t->isFloatTy() ||
           t->isDoubleTy() || t->isPointerTy();
  };
  for (const llvm::Function &f : module)
    for (const llvm::BasicBlock &bb : f)
      for (const llvm::Instruction &inst : bb) {
        const auto *call = llvm::dyn_cast<llvm::CallBase>(&inst);
        if (!call || !call->isInlineAsm())
          continue;
        const auto *ia = llvm::cast<llvm::InlineAsm>(call->getCalledOperand());
        std::string shown = "inline assembly \"" + ia->getAsmString().str() + "\"";
        unsigned operands = 0;
        for (const llvm::InlineAsm::ConstraintInfo &c : ia->ParseConstraints())
          if (c.Type != llvm::InlineAsm::isClobber && c.Type != llvm::InlineAsm::isLabel)
            ++operands;
        // $N names operand N ($$ is a dollar sign); past the last one LLVM's
        // printer stops the process.
        llvm::StringRef text = ia->getAsmString();
        for (size_t i = 0; i < text.size(); ++i) {
          if (text[i] != '$')
            continue;
          if (i + 1 < text.size() && text[i + 1] == '$') {
            ++i;
            continue;
          }
          size_t j = i + 1 < text.size() && text[i + 1] == '{' ? i + 2 : i + 1, k = j;
          while (k < text.size() && llvm::isDigit(text[k]))
            ++k;
          unsigned n = 0;
          if (k > j && !text.slice(j, k).getAsInteger(10, n) && n >= operands)
            return shown + " names operand $" + std::to_string(n) + ", and it has " +
                   std::to_string(operands) + " (numbered from $0)";
        }
        llvm::Type *result = call->getType();
        bool resultOk = result->isVoidTy() || registerType(result);
        if (auto *st = llvm::dyn_cast<llvm::StructType>(result))
          resultOk = llvm::all_of(st->elements(), registerType);
        if (!resultOk)
          return shown + " gives a value of LLVM type " + [&] {
            std::string t;
            llvm::raw_string_ostream os(t);
            result->print(os);
            return t;
          }() + ": a register operand is an integer of at most 64 bits, a float or a pointer";
        for (const llvm::Use &arg : call->args())
          if (!registerType(arg->getType()))
            return shown + " takes an operand that is no integer of at most 64 bits, float or "
                           "pointer";
      }
  return {};
}

std::string gpuOnlyPart(const llvm::Module &module) {
  for (const llvm::Function &f : module) {
    if (f.getName().starts_with("llvm.nvvm."))
      return "the NVVM intrinsic '" + f.getName().str() + "'";
    // CUDA's device printf, whose C library namesake takes a va_list
    if (f.isDeclaration() && f.getName() == "vprintf")
      return "CUDA's device 'vprintf'";
    for (const llvm::BasicBlock &bb : f)
      for (const llvm::Instruction &inst : bb)
        if (const auto *call = llvm::dyn_cast<llvm::CallBase>(&inst); call && call->isInlineAsm())
          return "PTX inline assembly";
  }
  for (const llvm::GlobalVariable &g : module.globals())
    if (g.getAddressSpace() != 0)
      return "a variable in a GPU address space (" + llvm::Twine(g.getAddressSpace()).str() + ")";
  return {};
}

llvm::Error linkIRFunctions(llvm::Module &module, const ir::Module &irModule) {
  for (const auto &fn : irModule.functions)
    for (const auto &[symbol, linked] : fn->linkedIR) {
      if (llvm::Function *present = module.getFunction(symbol); present && !present->isDeclaration())
        continue; // (two functions of the kernel call it)
      auto m = parseLinkedIR(linked.text, symbol, module.getContext());
      if (!m)
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       linked.label + ": " + llvm::toString(m.takeError()));
      (*m)->setDataLayout(module.getDataLayout());
      (*m)->setTargetTriple(module.getTargetTriple());
      // Its helpers internal before linking (the same names in two
      // intrinsics' IR are then renamed, not merged), the symbol after.
      for (llvm::Function &f : **m)
        if (!f.isDeclaration() && f.getName() != symbol)
          f.setLinkage(llvm::GlobalValue::InternalLinkage);
      for (llvm::GlobalVariable &g : (*m)->globals())
        if (!g.isDeclaration())
          g.setLinkage(llvm::GlobalValue::InternalLinkage);
      if (llvm::Linker::linkModules(module, std::move(*m)))
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       linked.label + ": its LLVM IR could not be linked into "
                                                      "the kernel");
      llvm::Function *f = module.getFunction(symbol);
      f->setLinkage(llvm::GlobalValue::InternalLinkage);
      if (!f->hasFnAttribute(llvm::Attribute::NoInline))
        f->addFnAttr(llvm::Attribute::AlwaysInline);
    }
  return llvm::Error::success();
}

} // namespace pyjit::codegen
