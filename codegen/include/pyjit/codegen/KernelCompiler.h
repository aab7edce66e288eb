//===- KernelCompiler.h - Source text to every stage of one kernel -------===//
#ifndef PYJIT_CODEGEN_KERNELCOMPILER_H
#define PYJIT_CODEGEN_KERNELCOMPILER_H

#include "pyjit/codegen/FastMath.h"
#include "pyjit/codegen/LLVMEmitter.h"
#include "pyjit/codegen/PTXVersion.h"
#include "pyjit/frontend/SourceFile.h"
#include "pyjit/ir/Function.h"
#include "pyjit/ir/GlobalEnv.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace pyjit::codegen {

/// The last stage to run; every stage up to it is kept as text. Types stops
/// after type inference and gives only the function's result type
/// (CompiledKernel::returnType), for a device function of any parameter
/// types (what a `vectorize` of argument types only infers its output from).
enum class Stage { AST, Types, IR, LLVM, PTX };

struct KernelRequest {
  const SourceFile *source = nullptr; // text holding the `def`
  std::string functionName;           // the kernel to compile
  std::vector<std::string> argTypes;  // numba-style type strings, one per parameter
  ir::GlobalEnv globals;              // free names (device functions point into a
                                      // DeviceFunctionTable the caller keeps alive)
  std::string arch = "sm_90";         // NVPTX architecture
  unsigned optLevel = 3;
  bool debug = false;    // check `assert` statements and array bounds (ErrorSite)
  bool lineinfo = false; // .loc line tables in the PTX
  bool index32 = false;  // every array argument spans < 2^31 bytes (EmitOptions)
  bool host = false;     // the CPU backend: stop at host bitcode instead of PTX
  bool racecheck = false; // host: log shared-memory accesses (EmitOptions)
  bool numpyErrors = false; // debug without ZeroDivisionError (IRGenOptions)
  unsigned maxThreadsPerBlock = 0; // launch bounds (EmitOptions); 0: none
  unsigned minBlocksPerSM = 0;
  unsigned maxBlocksPerCluster = 0;
  FastMath fastmath;
  /// a*b+c may fuse to one fma instruction (numba.cuda's `fma` option, on
  /// by default as nvcc's --fmad=true); off, no operation fuses, even with
  /// fastmath's `contract`.
  bool fma = true;
  /// The oldest CUDA (major, minor) that will read the PTX: min of the
  /// nvJitLink and driver versions found at run time. Unknown: the arch's
  /// minimum PTX version is declared.
  std::optional<std::pair<int, int>> consumerCuda;
  std::optional<PTXVersion> ptxVersion; // explicit `.version`, checked
  Stage stopAfter = Stage::PTX;
  /// Kernel, or a device function compiled on its own with numba's C or
  /// Numba ABI (EmitOptions::Abi; numbers in, a number or None out; GPU
  /// only), exported as `exportName` (empty: the function's name).
  EmitOptions::Abi abi = EmitOptions::Abi::Kernel;
  std::string exportName;
  /// Such a device function's declared result type (numba type string),
  /// every return converted to it; empty: the inferred one.
  std::string returnType;
};

struct CompiledKernel {
  std::string entryName; // the PTX .entry symbol
  std::string ast, ir, llvmIR, ptx;
  std::string hostBitcode; // KernelRequest::host: the module for runtime/CpuModule.h
  std::vector<std::string> argTypes; // canonical spellings (Type::str)
  std::string returnType;            // a device function's (KernelRequest::abi); "none"
  std::vector<std::string> paramTypes; // the kernel's parameters: tuples flattened (docs/abi.md)
  std::string warnings;              // rendered warnings (file:line:col: warning: ...)
  /// The warnings again by Python class: PerformanceWarning, and the others
  /// (pyjit.errors.CompileWarning); Diagnostic::alsoA.
  std::string performanceWarnings, compileWarnings;
  PTXVersion ptxVersion = 0;         // the `.version` declared
  /// Debug checks the kernel may fail (index = error record word 0 - 1).
  std::vector<ir::ErrorSite> errorSites;
  /// The PTX calls pyjit's device library (pyjit.coop block primitives):
  /// link it (runtime/devicelib) with nvJitLink.
  bool usesDevicelib = false;
  /// The kernel synchronizes its grid (cuda.cg): launch it cooperatively
  /// (cuLaunchCooperativeKernel), every block resident at once. On the
  /// host the module says so itself (kHostUsesGridSync).
  bool cooperative = false;
  /// Every function of the module runs alike on any thread and to its end
  /// (ir::isThreadIndependent); set from the IR stage on.
  bool threadIndependent = false;
  /// The PTX has full DWARF (debug=True with optLevel 0, for cuda-gdb):
  /// link it with nvJitLink's -g, as ptxas refuses debug sections in
  /// optimized code ("Optimized debugging not supported").
  bool debugInfo = false;
};

/// Parses, types, lowers and compiles one kernel. The compile runs on a
/// thread of its own (for its stack); \p alongside, when given, runs on the
/// calling thread meanwhile (the Python extension loads nvJitLink there: a
/// library loaded on a thread started before the compile's would hold the
/// dynamic loader's lock that starting the compile's thread takes).
/// Errors: CompileError (file:line:col diagnostics with source line and
/// caret) for anything wrong in the user's code or signature; StringError
/// for a target or toolchain failure.
llvm::Expected<CompiledKernel> compileKernel(const KernelRequest &request,
                                             llvm::function_ref<void()> alongside = {});

} // namespace pyjit::codegen

#endif
