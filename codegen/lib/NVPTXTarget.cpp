//===- NVPTXTarget.cpp - LLVM module -> optimized module -> PTX ----------===//
#include "pyjit/codegen/NVPTXTarget.h"
#include "pyjit/codegen/OptPipeline.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include <cstdlib>
#include <mutex>

using namespace pyjit::codegen;

static void initializeNVPTX() {
  // A function-local static, not std::call_once: call_once's thread-local
  // state would make the extension need static TLS, which dlopen cannot
  // always give after other libraries have used it up.
  static const bool initialized = [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    // Shared, local and constant memory pointers are 32-bit (LLVM's
    // -nvptx-short-ptr), as nvcc makes them: a 32-bit address is one
    // register, not two. Measured on an H100 (docs/benchmarks.md, the
    // forty-second entry): a padded shared-memory transpose went from 34
    // registers and 0.85x nvcc to 0.98x. Kernels pass only generic
    // pointers across calls, so the device library's ABI is unchanged.
    // PYJIT_NVPTX_SHORT_PTR=0 keeps them 64-bit (for A/B benchmarks).
    const char *shortPtr = std::getenv("PYJIT_NVPTX_SHORT_PTR");
    if (!shortPtr || llvm::StringRef(shortPtr) != "0") {
      auto &opts = llvm::cl::getRegisteredOptions();
      if (auto it = opts.find("nvptx-short-ptr"); it != opts.end())
        static_cast<llvm::cl::opt<bool> *>(it->second)->setValue(true);
    }
    return true;
  }();
  (void)initialized;
}

llvm::Expected<std::unique_ptr<NVPTXTarget>> NVPTXTarget::create(llvm::StringRef arch,
                                                                unsigned ptxVersion) {
  initializeNVPTX();
  llvm::Triple triple("nvptx64-nvidia-cuda");
  std::string error;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "NVPTX target unavailable: " + error);
  std::string cpu = arch.str();
  if (!llvm::StringRef(cpu).starts_with("sm_"))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "unknown GPU architecture '" + cpu + "' (expected e.g. sm_90)");
  // Ask a subtarget of a known CPU, so LLVM prints no warning of its own.
  auto *mcInfo = target->createMCSubtargetInfo(triple, "sm_70", "");
  bool known = mcInfo && mcInfo->isCPUStringValid(cpu);
  delete mcInfo;
  if (!known)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "unknown GPU architecture '" + cpu + "'");
  llvm::TargetOptions options;
  // Fuse a multiply-add into fma where both are flagged `contract`: the
  // flags say which (Contraction.h: as nvcc --fmad=true and numba.cuda do,
  // unless the kernel says fma=False).
  options.AllowFPOpFusion = llvm::FPOpFusion::Standard;
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(
      triple, cpu, ptxVersion ? "+ptx" + std::to_string(ptxVersion) : "", options, std::nullopt, std::nullopt, llvm::CodeGenOptLevel::Aggressive));
  if (!tm)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot create an NVPTX target machine for " + cpu);
  return std::unique_ptr<NVPTXTarget>(new NVPTXTarget(cpu, std::move(tm)));
}

void NVPTXTarget::configureModule(llvm::Module &module) const {
  module.setTargetTriple(tm->getTargetTriple());
  module.setDataLayout(tm->createDataLayout());
}

void NVPTXTarget::optimize(llvm::Module &module, unsigned optLevel) const {
  runOptPipeline(module, *tm, optLevel, /*narrowCounters=*/true);
}

llvm::Expected<std::string> NVPTXTarget::emitPTX(llvm::Module &module) const {
  std::string ptx;
  {
    llvm::raw_string_ostream os(ptx);
    llvm::buffer_ostream bos(os);
    llvm::legacy::PassManager pm;
    if (tm->addPassesToEmitFile(pm, bos, nullptr, llvm::CodeGenFileType::AssemblyFile))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "the NVPTX target cannot emit assembly");
    pm.run(module);
  }
  return ptx;
}
