//===- Launch.h - Kernel launch ---------------------------------*- C++ -*-===//
//
// Launching a kernel with cuLaunchKernel: the hot path of the runtime.
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_RUNTIME_LAUNCH_H
#define PYJIT_RUNTIME_LAUNCH_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstddef>
#include <string>

namespace pyjit::runtime {

/// Grid or block extents, in blocks or threads.
struct Dim3 {
  unsigned x = 1, y = 1, z = 1;
};

/// Launches \p function (a CUfunction) asynchronously on \p stream (a
/// CUstream; null for the legacy default stream). \p params holds one
/// pointer per kernel parameter, pointing at its value, as cuLaunchKernel
/// expects. \p kernelName is used only in the error message. A
/// \p cooperative launch (cuLaunchCooperativeKernel) keeps every block
/// resident at once, as a kernel that synchronizes its grid (cuda.cg) needs.
///
/// Makes the primary context current first. Allocates nothing and builds
/// no string unless the launch fails.
///
/// \returns the errors of currentDevice(); a CudaError naming
/// the launch call with "kernel '<kernelName>'" as context (e.g.
/// CUDA_ERROR_INVALID_VALUE for a block of more than 1024 threads;
/// CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, naming max_cooperative_grid_blocks). Faults
/// during execution surface later, from synchronize().
llvm::Error launchKernel(void *function, Dim3 grid, Dim3 block,
                         unsigned dynamicSharedBytes, void *stream,
                         void **params, llvm::StringRef kernelName,
                         bool cooperative = false);

/// The name of the kernel launched last by launchKernel in this process
/// (empty before any). Waiting calls (synchronize, stream and event
/// synchronization, copies to the host) name it when they fail.
std::string lastLaunchedKernel();

} // namespace pyjit::runtime

#endif // PYJIT_RUNTIME_LAUNCH_H
