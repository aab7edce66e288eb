//===- Occupancy.h - Blocks a multiprocessor holds at once ------*- C++ -*-===//
//
// The driver's occupancy calculator (cuOccupancy*): how many blocks of a
// kernel fit on one multiprocessor at once, and the block size that keeps
// the most threads resident. numba.cuda's Context.get_active_blocks_per_
// multiprocessor and get_max_potential_block_size, Dispatcher.max_cooperative_
// grid_blocks.
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_RUNTIME_OCCUPANCY_H
#define PYJIT_RUNTIME_OCCUPANCY_H

#include "llvm/Support/Error.h"
#include <cstddef>

namespace pyjit::runtime {

/// How many blocks of \p blockSize threads of \p function (a CUfunction),
/// each with \p dynamicSharedBytes of dynamic shared memory, fit on one
/// multiprocessor at once. \p flags is a CUoccupancy_flags value (0:
/// CU_OCCUPANCY_DEFAULT; 1: CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE).
/// \returns a CudaError naming cuOccupancyMaxActiveBlocksPerMultiprocessor
/// (WithFlags when \p flags is not 0).
llvm::Expected<int> maxActiveBlocksPerSM(void *function, int blockSize,
                                         size_t dynamicSharedBytes, unsigned flags = 0);

/// The driver's suggestion of a block size (cuOccupancyMaxPotentialBlockSize).
struct PotentialBlockSize {
  int minGridSize; ///< blocks that fill every multiprocessor at that occupancy
  int blockSize;   ///< threads per block: the largest of those keeping the most
                   ///< threads resident, at most the limit given
};

/// Dynamic shared memory, in bytes, that a block of the given number of
/// threads uses (CUoccupancyB2DSize).
using BlockToDynamicShared = size_t (*)(int blockSize);

/// Tries block sizes from \p blockSizeLimit (0: the kernel's largest) down,
/// a warp at a time. \p blockToShared (may be null) gives each size's dynamic
/// shared memory; without it, every size uses \p dynamicSharedBytes.
/// \returns a CudaError naming cuOccupancyMaxPotentialBlockSizeWithFlags.
llvm::Expected<PotentialBlockSize>
maxPotentialBlockSize(void *function, BlockToDynamicShared blockToShared,
                      size_t dynamicSharedBytes, int blockSizeLimit, unsigned flags = 0);

} // namespace pyjit::runtime

#endif // PYJIT_RUNTIME_OCCUPANCY_H
