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
  return std::move(m);
}

std::string gpuOnlyPart(const llvm::Module &module) {
  for (const llvm::Function &f : module) {
    if (f.getName().starts_with("llvm.nvvm."))
      return "the NVVM intrinsic '" + f.getName().str() + "'";
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
