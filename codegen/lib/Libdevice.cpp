//===- Libdevice.cpp - Linking NVIDIA's libdevice math library -----------===//
#include "pyjit/codegen/Libdevice.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"
#include "pyjit/codegen/LLVMEmitter.h"
#include "llvm/Transforms/IPO/Internalize.h"
#include <cstdlib>
#include <mutex>

using namespace pyjit::codegen;

#ifndef PYJIT_DEFAULT_LIBDEVICE
#define PYJIT_DEFAULT_LIBDEVICE "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"
#endif

std::string pyjit::codegen::libdevicePath() {
  if (const char *p = std::getenv("PYJIT_LIBDEVICE"); p && *p)
    return p;
  if (const char *home = std::getenv("CUDA_HOME"); home && *home)
    return std::string(home) + "/nvvm/libdevice/libdevice.10.bc";
  return PYJIT_DEFAULT_LIBDEVICE;
}

// The file's bytes, read once; each link parses it lazily into its context.
static llvm::Expected<llvm::MemoryBufferRef> libdeviceBuffer() {
  static std::mutex mutex;
  static std::unique_ptr<llvm::MemoryBuffer> buffer;
  std::lock_guard<std::mutex> lock(mutex);
  if (!buffer) {
    std::string path = libdevicePath();
    auto file = llvm::MemoryBuffer::getFile(path);
    if (!file)
      return llvm::createStringError(file.getError(), "cannot read libdevice at '" + path +
                                                          "': " + file.getError().message() +
                                                          " (set PYJIT_LIBDEVICE or CUDA_HOME)");
    buffer = std::move(*file);
  }
  return buffer->getMemBufferRef();
}

// Replaces each __nvvm_reflect("<name>") call with \p value (NVVMReflect
// then answers the others).
static void answerReflect(llvm::Module &module, llvm::StringRef name, int value) {
  llvm::Function *reflect = module.getFunction("__nvvm_reflect");
  if (!reflect)
    return;
  llvm::SmallVector<llvm::CallInst *, 8> calls;
  for (llvm::User *user : reflect->users())
    if (auto *call = llvm::dyn_cast<llvm::CallInst>(user); call && call->getCalledFunction() == reflect)
      calls.push_back(call);
  for (llvm::CallInst *call : calls) {
    auto *gv = llvm::dyn_cast<llvm::GlobalVariable>(call->getArgOperand(0)->stripPointerCasts());
    auto *text = gv && gv->hasInitializer()
                     ? llvm::dyn_cast<llvm::ConstantDataSequential>(gv->getInitializer())
                     : nullptr;
    if (!text || !text->isCString() || text->getAsCString() != name)
      continue;
    call->replaceAllUsesWith(llvm::ConstantInt::get(call->getType(), value));
    call->eraseFromParent();
  }
}

llvm::Error pyjit::codegen::linkLibdevice(llvm::Module &module, bool precSqrt) {
  if (!module.getModuleFlag("nvvm-reflect-ftz"))
    module.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", uint32_t(0));
  bool needed = false;
  for (const llvm::Function &f : module)
    if (f.isDeclaration() && f.getName().starts_with("__nv_"))
      needed = true;
  if (!needed)
    return llvm::Error::success();
  auto buffer = libdeviceBuffer();
  if (!buffer)
    return buffer.takeError();
  auto lib = llvm::getLazyBitcodeModule(*buffer, module.getContext());
  if (!lib)
    return lib.takeError();
  (*lib)->setTargetTriple(module.getTargetTriple());
  (*lib)->setDataLayout(module.getDataLayout());
  if (llvm::Linker::linkModules(module, std::move(*lib), llvm::Linker::LinkOnlyNeeded))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "linking libdevice from '" + libdevicePath() + "' failed");
  answerReflect(module, "__CUDA_PREC_SQRT", precSqrt ? 1 : 0);
  llvm::internalizeModule(module, [](const llvm::GlobalValue &gv) {
    // Kernels, and globals the runtime looks up by name (the error record).
    if (auto *f = llvm::dyn_cast<llvm::Function>(&gv)) // and exported device functions
      return f->getCallingConv() == llvm::CallingConv::PTX_Kernel ||
             f->hasFnAttribute(kExportAttribute);
    return gv.getName().starts_with("__pyjit_");
  });
  return llvm::Error::success();
}
