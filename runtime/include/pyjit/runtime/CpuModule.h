//===- CpuModule.h - The CPU backend: JIT-compiled host kernels --*- C++ -*-===//
//
// A kernel compiled for the host (codegen/HostTarget.h) as bitcode, JIT
// compiled with LLVM's ORC LLJIT into this process, and run over a grid:
// blocks spread over a pool of host threads (one per core), and within a
// block the CUDA threads one after another (x, then y, then z). A kernel with barriers runs each thread of a
// block as a fiber (Boost.Context) that yields at cuda.syncthreads* and at
// warp collectives, which are resolved among the 32 lanes of each warp.
// A kernel that synchronizes its grid (cuda.cg GridGroup.sync()) runs every
// thread of the grid as a fiber on one host thread, all blocks at once.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_RUNTIME_CPUMODULE_H
#define PYJIT_RUNTIME_CPUMODULE_H

#include "pyjit/codegen/HostABI.h"
#include "pyjit/runtime/Launch.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

namespace llvm::orc {
class LLJIT;
}

namespace pyjit::runtime {

class CpuModule {
public:
  /// The most threads a grid-synchronizing launch may have on the CPU
  /// backend: each is a fiber with its own stack (256 KiB of address space
  /// plus the kernel's local arrays, two memory mappings) for the whole
  /// launch; such launches run one at a time. The CPU backend's answer to
  /// max_cooperative_grid_blocks.
  static constexpr uint64_t kMaxGridSyncThreads = 16384;
  /// The most shared memory (static and dynamic) a block may have: CUDA's
  /// on sm_90 with the kernel's opt-in, 227 KiB (CUDA C++ Programming Guide,
  /// "Technical Specifications per Compute Capability"), as the GPU's
  /// kernels opt in (python/pyjit/_dispatcher.py's _CUDA_LIMITS too).
  static constexpr uint64_t kMaxSharedBytesPerBlock = 227 * 1024;

  /// JIT-compiles \p bitcode and finds \p entry (the host entry wrapper).
  /// Errors: StringError naming the symbol the module needs but this
  /// process lacks (e.g. a math function the C library does not have).
  static llvm::Expected<std::unique_ptr<CpuModule>> load(llvm::ArrayRef<char> bitcode,
                                                         llvm::StringRef entry);
  ~CpuModule();

  /// Runs the kernel over \p grid x \p block threads with \p slots (one
  /// 8-byte slot per kernel parameter, docs/abi.md) and \p sharedBytes of
  /// dynamic shared memory. Errors: CudaError as the GPU's cuLaunchKernel
  /// (CUDA_ERROR_INVALID_VALUE, naming the kernel) for more static and
  /// dynamic shared memory than kMaxSharedBytesPerBlock; KernelError for a
  /// block size outside 1 to 1024, a warp collective left waiting by lanes at a barrier, in
  /// debug mode barrier divergence, and with racecheck the first
  /// shared-memory race (both threads and lines), a fiber stack that could
  /// not be mapped. A grid-synchronizing
  /// kernel: also a grid of more than kMaxGridSyncThreads threads (a
  /// CudaError as on the GPU: cuLaunchCooperativeKernel's
  /// CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, naming the kernel), and a
  /// grid barrier that could never open (a block, or a block's first
  /// thread, returned without reaching it; a thread at GridGroup.sync()
  /// while another waits at cuda.syncthreads). With \p routeInterrupt, on
  /// the main thread, Ctrl-C stops the launch: Interrupted
  /// (runtime/Interrupt.h). The kernel's error record is cleared first.
  llvm::Error launch(Dim3 grid, Dim3 block, unsigned sharedBytes, const uint64_t *slots,
                     bool routeInterrupt = false) const;

  /// The address of global \p name in the JIT'd code, or null if none.
  void *global(llvm::StringRef name) const;

  /// The kernel's static shared memory per block, bytes (cuda.shared.array).
  uint64_t staticShared() const { return staticSharedBytes; }

private:
  CpuModule() = default;
  llvm::Error launchGridSync(Dim3 grid, Dim3 block, unsigned sharedBytes,
                             const uint64_t *slots, const std::atomic<int32_t> &interrupt) const;
  std::unique_ptr<llvm::orc::LLJIT> jit;
  codegen::HostEntry entryFn = nullptr;
  std::string kernelName; // the Python function's (entry less hostEntryName's suffix)
  bool usesBarriers = false; // run each CUDA thread as a fiber
  bool usesGridSync = false; // run every block at once (launchGridSync)
  uint64_t stackBytes = 256 * 1024; // per fiber: 256 KiB plus the module's local arrays
  uint64_t stackMargin = 32 * 1024; // kept free below HostContext::stackLimit (CpuModule.cpp)
  uint64_t staticSharedBytes = 0;
  const char *debugFile = nullptr; // debug=True: check barriers, naming this file
  const char *sourceFile = nullptr;
  bool racecheck = false; // racecheck=True: find conflicting shared-memory accesses
  void *errorRecord = nullptr; // the kernel's error record (codegen::kErrorRecordName), if any
};

} // namespace pyjit::runtime

#endif
