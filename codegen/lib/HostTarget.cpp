//===- HostTarget.cpp - The CPU backend's LLVM target -------------------===//
#include "pyjit/codegen/HostTarget.h"
#include "HostWarpPaths.h"
#include "pyjit/codegen/OptPipeline.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"
#include <algorithm>
#include <dlfcn.h>
#include <mutex>

using namespace pyjit::codegen;

std::string pyjit::codegen::hostEntryName(llvm::StringRef kernelName) {
  return (kernelName + "__pyjit_host_entry").str();
}

llvm::Expected<std::unique_ptr<HostTarget>> HostTarget::create() {
  // A function-local static, not std::call_once: call_once's thread-local
  // state would make the extension need static TLS, which dlopen cannot
  // always give after other libraries have used it up.
  static const bool initialized = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)initialized;
  llvm::Triple triple(llvm::sys::getProcessTriple());
  std::string error;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "no LLVM target for this CPU (" + triple.str() + "): " + error);
  std::string features;
  for (const auto &[name, enabled] : llvm::sys::getHostCPUFeatures())
    features += (features.empty() ? "" : ",") + std::string(enabled ? "+" : "-") + name.str();
  for (const char *name : kHostDisabledFeatures)
    features += std::string(",-") + name;
  llvm::TargetOptions options;
  options.AllowFPOpFusion = llvm::FPOpFusion::Fast; // as on the GPU: a*b+c may fuse
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(
      triple, llvm::sys::getHostCPUName(), features, options, llvm::Reloc::PIC_, std::nullopt,
      llvm::CodeGenOptLevel::Aggressive));
  if (!tm)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot create a target machine for " + triple.str());
  return std::unique_ptr<HostTarget>(new HostTarget(std::move(tm)));
}

std::string pyjit::codegen::hostMathName(llvm::StringRef name) {
  name.consume_front("fast_");
  return name.str();
}

bool pyjit::codegen::hostDefinesLibdevice(llvm::StringRef name) {
  static const llvm::StringRef names[] = {
#define PYJIT_HOST_LIBDEVICE(fn) #fn,
#include "pyjit/codegen/HostLibdevice.def"
  };
  return std::binary_search(std::begin(names), std::end(names), name);
}

bool pyjit::codegen::hostHasFunction(llvm::StringRef name) {
  return ::dlsym(RTLD_DEFAULT, name.str().c_str()) != nullptr;
}

void HostTarget::configureModule(llvm::Module &module) const {
  module.setTargetTriple(tm->getTargetTriple());
  module.setDataLayout(tm->createDataLayout());
}

void HostTarget::prepareKernel(llvm::Module &module, llvm::Function &kernel) const {
  // The kernel's own name may be a C library function's (a kernel named
  // `sin` calling math.sin): it is renamed first, and only the entry below
  // carries the name the runtime looks up.
  std::string entryName = hostEntryName(kernel.getName());
  kernel.setName("__pyjit_kernel." + kernel.getName());
  // libdevice names -> C library names: __nv_sinf -> sinf, __nv_fast_expf -> expf.
  std::vector<llvm::Function *> math;
  for (llvm::Function &f : module)
    if (f.isDeclaration() && f.getName().starts_with("__nv_"))
      math.push_back(&f);
  for (llvm::Function *f : math) {
    llvm::StringRef base = f->getName().drop_front(5);
    std::string libc = hostDefinesLibdevice(base) ? "__pyjit_nv_" + base.str()
                                                   : hostMathName(base);
    if (llvm::Function *existing = module.getFunction(libc)) {
      f->replaceAllUsesWith(existing);
      f->eraseFromParent();
    } else {
      f->setName(libc);
    }
  }
  // void entry(HostContext *ctx, const uint64_t *slots): load each
  // parameter from its 8-byte slot and call the kernel.
  llvm::LLVMContext &ctx = module.getContext();
  llvm::IRBuilder<> b(ctx);
  llvm::Type *ptr = b.getPtrTy();
  auto *entry = llvm::Function::Create(llvm::FunctionType::get(b.getVoidTy(), {ptr, ptr}, false),
                                       llvm::GlobalValue::ExternalLinkage,
                                       entryName, module);
  b.SetInsertPoint(llvm::BasicBlock::Create(ctx, "entry", entry));
  std::vector<llvm::Value *> args{entry->getArg(0)};
  for (unsigned i = 1; i < kernel.arg_size(); ++i) {
    llvm::Type *t = kernel.getArg(i)->getType();
    llvm::Value *slot = b.CreateConstInBoundsGEP1_64(b.getInt64Ty(), entry->getArg(1), i - 1);
    args.push_back(b.CreateAlignedLoad(t, slot, llvm::Align(8)));
  }
  b.CreateCall(&kernel, args);
  b.CreateRetVoid();
  kernel.setLinkage(llvm::GlobalValue::InternalLinkage);
  // fmod is called, never simplified as the C library's: LLVM 22's
  // LibCallSimplifier rewrites fmod(x, y) as `frem nnan` once x is finite and
  // y nonzero, and a NaN y (a constant) then makes the result poison, which
  // deletes the store of it. Every function carries it (the inliner merges
  // only functions that agree).
  for (llvm::Function &f : module)
    if (!f.isDeclaration()) {
      f.addFnAttr("no-builtin-fmod");
      f.addFnAttr("no-builtin-fmodf");
    }
  addHostWarpPaths(module); // (which lanes each cuda.activemask() groups)
}

void HostTarget::optimize(llvm::Module &module, unsigned optLevel) const {
  runOptPipeline(module, *tm, optLevel);
}

std::string HostTarget::bitcode(const llvm::Module &module) const {
  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::WriteBitcodeToFile(module, os);
  return out;
}
