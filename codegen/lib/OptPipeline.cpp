//===- OptPipeline.cpp - LLVM's O0..O3 module pipeline for a target ------===//
#include "pyjit/codegen/OptPipeline.h"
#include "ExitValueGuard.h"
#include "pyjit/codegen/NarrowIVs.h"
#include "llvm/Passes/PassBuilder.h"
#include <cstdlib>

void pyjit::codegen::runOptPipeline(llvm::Module &module, llvm::TargetMachine &tm,
                                    unsigned optLevel, bool narrowCounters) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassInstrumentationCallbacks instrumentation;
  ExitValueGuard guard(instrumentation);
  llvm::PassBuilder pb(&tm, llvm::PipelineTuningOptions(), std::nullopt, &instrumentation);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  // PYJIT_NO_NARROW_IV=1 leaves the counters 64-bit (for A/B benchmarks).
  if (narrowCounters && optLevel > 0 && !std::getenv("PYJIT_NO_NARROW_IV"))
    // Last, so that no IndVarSimplify widens the counters again.
    pb.registerOptimizerLastEPCallback(
        [](llvm::ModulePassManager &mpm, llvm::OptimizationLevel, llvm::ThinOrFullLTOPhase) {
          mpm.addPass(llvm::createModuleToFunctionPassAdaptor(NarrowIVsPass()));
        });
  llvm::OptimizationLevel level = optLevel == 0   ? llvm::OptimizationLevel::O0
                                  : optLevel == 1 ? llvm::OptimizationLevel::O1
                                  : optLevel == 2 ? llvm::OptimizationLevel::O2
                                                  : llvm::OptimizationLevel::O3;
  llvm::ModulePassManager mpm = optLevel == 0 ? pb.buildO0DefaultPipeline(level)
                                              : pb.buildPerModuleDefaultPipeline(level);
  mpm.run(module, mam);
}
