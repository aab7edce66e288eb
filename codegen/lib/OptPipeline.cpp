//===- OptPipeline.cpp - LLVM's O0..O3 module pipeline for a target ------===//
#include "pyjit/codegen/OptPipeline.h"
#include "ExitValueGuard.h"
#include "llvm/Passes/PassBuilder.h"

void pyjit::codegen::runOptPipeline(llvm::Module &module, llvm::TargetMachine &tm,
                                    unsigned optLevel) {
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
  llvm::OptimizationLevel level = optLevel == 0   ? llvm::OptimizationLevel::O0
                                  : optLevel == 1 ? llvm::OptimizationLevel::O1
                                  : optLevel == 2 ? llvm::OptimizationLevel::O2
                                                  : llvm::OptimizationLevel::O3;
  llvm::ModulePassManager mpm = optLevel == 0 ? pb.buildO0DefaultPipeline(level)
                                              : pb.buildPerModuleDefaultPipeline(level);
  mpm.run(module, mam);
}
