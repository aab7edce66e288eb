//===- Occupancy.cpp - Blocks a multiprocessor holds at once --------------===//
//
// The driver's occupancy calculator, with the primary context made current.
//
//===----------------------------------------------------------------------===//

#include "pyjit/runtime/Occupancy.h"
#include "DriverApi.h"

using namespace llvm;

namespace pyjit::runtime {

Expected<int> maxActiveBlocksPerSM(void *function, int blockSize, size_t dynamicSharedBytes,
                                   unsigned flags) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  int blocks = 0;
  auto *cuFunction = static_cast<CUfunction>(function);
  Error err =
      flags == 0
          ? checkCuda(*api, "cuOccupancyMaxActiveBlocksPerMultiprocessor",
                      api->cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, cuFunction,
                                                                       blockSize,
                                                                       dynamicSharedBytes))
          : checkCuda(*api, "cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",
                      api->cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
                          &blocks, cuFunction, blockSize, dynamicSharedBytes, flags));
  if (err)
    return std::move(err);
  return blocks;
}

Expected<PotentialBlockSize> maxPotentialBlockSize(void *function,
                                                   BlockToDynamicShared blockToShared,
                                                   size_t dynamicSharedBytes, int blockSizeLimit,
                                                   unsigned flags) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  PotentialBlockSize result{0, 0};
  if (Error err = checkCuda(*api, "cuOccupancyMaxPotentialBlockSizeWithFlags",
                            api->cuOccupancyMaxPotentialBlockSizeWithFlags(
                                &result.minGridSize, &result.blockSize,
                                static_cast<CUfunction>(function), blockToShared,
                                dynamicSharedBytes, blockSizeLimit, flags)))
    return std::move(err);
  return result;
}

} // namespace pyjit::runtime
