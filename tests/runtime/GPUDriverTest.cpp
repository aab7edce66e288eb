//===- GPUDriverTest.cpp - Runtime tests that need a CUDA GPU -------------===//
//
// Memory, module loading and launches on device 0; skipped without a driver.
//
//===----------------------------------------------------------------------===//

#include "TestKernels.h"
#include "TestSupport.h"
#include "pyjit/runtime/CudaError.h"
#include "pyjit/runtime/Device.h"
#include "pyjit/runtime/Driver.h"
#include "pyjit/runtime/EventTimer.h"
#include "pyjit/runtime/JitLink.h"
#include "pyjit/runtime/Launch.h"
#include "pyjit/runtime/LoadedModule.h"
#include "pyjit/runtime/Memory.h"
#include "pyjit/runtime/Occupancy.h"
#include "pyjit/runtime/Stream.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <thread>
#include <vector>

using namespace llvm;
using namespace pyjit::runtime;
using namespace pyjit::runtime::test;

namespace {

/// Empty when device 0 is usable, else why not. Fails the test when the
/// driver is present but broken.
std::string whyNoGpu() {
  Expected<const DeviceInfo &> device = currentDevice();
  if (device)
    return {};
  std::string reason;
  bool missing = false;
  handleAllErrors(device.takeError(), [&](const ErrorInfoBase &e) {
    reason = e.message();
    if (e.isA<CudaError>())
      missing = static_cast<const CudaError &>(e).isDriverMissing();
  });
  if (!missing)
    ADD_FAILURE() << "the CUDA driver is present but unusable: " << reason;
  return reason;
}

#define SKIP_WITHOUT_GPU()                                                     \
  do {                                                                         \
    std::string why = whyNoGpu();                                              \
    if (!why.empty())                                                          \
      GTEST_SKIP() << "no CUDA driver: " << why;                               \
  } while (false)

/// Links storeTidPtx for the current device and loads it.
Expected<std::unique_ptr<LoadedModule>> loadStoreTid() {
  Expected<const DeviceInfo &> device = currentDevice();
  if (!device)
    return device.takeError();
  // PTX 8.0 knows targets up to sm_90; newer GPUs compile sm_90 PTX.
  std::string target = device->ccMajor >= 9 ? "sm_90" : device->arch();
  std::string ptx = storeTidPtx(target);
  Expected<std::vector<char>> cubin =
      linkToCubin({{LinkInput::PTX, bytes(ptx), "k.ptx"}}, device->arch());
  if (!cubin)
    return cubin.takeError();
  return LoadedModule::load(*cubin);
}

TEST(GPURuntime, DeviceInfo) {
  SKIP_WITHOUT_GPU();
  Expected<const DeviceInfo &> device = currentDevice();
  PYJIT_ASSERT_VALUE(device);
  EXPECT_EQ(device->ordinal, 0);
  EXPECT_FALSE(device->name.empty());
  EXPECT_GE(device->ccMajor, 5);
  EXPECT_EQ(device->arch(), "sm_" + std::to_string(device->ccMajor) +
                                std::to_string(device->ccMinor));
  EXPECT_EQ(device->warpSize, 32);
  EXPECT_GE(device->maxThreadsPerBlock, 512);
  EXPECT_GE(device->maxGridDim[0], 65535);
  EXPECT_GT(device->multiProcessorCount, 0);
  EXPECT_GE(device->maxSharedMemoryPerBlock, 48 * 1024);
  Expected<int> version = driverVersion();
  PYJIT_ASSERT_VALUE(version);
  EXPECT_GE(*version, 12000);
}

TEST(GPURuntime, AllocCopyRoundTrip) {
  SKIP_WITHOUT_GPU();
  constexpr size_t Count = 1 << 16;
  std::vector<uint32_t> pattern(Count), back(Count, 0);
  for (size_t i = 0; i < Count; ++i)
    pattern[i] = static_cast<uint32_t>(i * 2654435761u);
  size_t bytes = Count * sizeof(uint32_t);
  Expected<DevicePtr> a = memAlloc(bytes);
  PYJIT_ASSERT_VALUE(a);
  Expected<DevicePtr> b = memAlloc(bytes);
  PYJIT_ASSERT_VALUE(b);
  PYJIT_ASSERT_OK(memcpyHtoD(*a, pattern.data(), bytes));
  PYJIT_ASSERT_OK(memcpyDtoD(*b, *a, bytes));
  PYJIT_ASSERT_OK(memcpyDtoH(back.data(), *b, bytes));
  EXPECT_EQ(pattern, back);

  Expected<PointerInfo> info = pointerInfo(*a);
  PYJIT_ASSERT_VALUE(info);
  EXPECT_EQ(info->kind, MemoryKind::Device);
  EXPECT_EQ(info->deviceOrdinal, 0);
  EXPECT_FALSE(info->isManaged);
  Expected<PointerInfo> hostInfo =
      pointerInfo(reinterpret_cast<uintptr_t>(pattern.data()));
  PYJIT_ASSERT_VALUE(hostInfo);
  EXPECT_EQ(hostInfo->kind, MemoryKind::Unregistered);

  PYJIT_ASSERT_OK(memFree(*a));
  PYJIT_ASSERT_OK(memFree(*b));
  PYJIT_ASSERT_OK(memFree(0));
}

TEST(GPURuntime, Memset) {
  SKIP_WITHOUT_GPU();
  constexpr size_t Bytes = 1000;
  Expected<DevicePtr> ptr = memAlloc(Bytes);
  PYJIT_ASSERT_VALUE(ptr);
  PYJIT_ASSERT_OK(memsetD8(*ptr, 0xAB, Bytes));
  PYJIT_ASSERT_OK(memsetD8(*ptr + 10, 0x01, 5));
  std::vector<unsigned char> back(Bytes);
  PYJIT_ASSERT_OK(memcpyDtoH(back.data(), *ptr, Bytes));
  for (size_t i = 0; i < Bytes; ++i)
    ASSERT_EQ(back[i], (i >= 10 && i < 15) ? 0x01 : 0xAB) << "at " << i;
  PYJIT_ASSERT_OK(memFree(*ptr));
}

TEST(GPURuntime, PinnedHostMemory) {
  SKIP_WITHOUT_GPU();
  Expected<void *> host = memAllocHost(4096);
  PYJIT_ASSERT_VALUE(host);
  Expected<PointerInfo> info = pointerInfo(reinterpret_cast<uintptr_t>(*host));
  PYJIT_ASSERT_VALUE(info);
  EXPECT_EQ(info->kind, MemoryKind::Host);
  PYJIT_ASSERT_OK(memFreeHost(*host));
}

TEST(GPURuntime, LinkLoadLaunch) {
  SKIP_WITHOUT_GPU();
  Expected<std::unique_ptr<LoadedModule>> module = loadStoreTid();
  PYJIT_ASSERT_VALUE(module);
  Expected<void *> kernel = (*module)->getFunction("k");
  PYJIT_ASSERT_VALUE(kernel);
  Expected<FunctionInfo> info = getFunctionInfo(*kernel);
  PYJIT_ASSERT_VALUE(info);
  EXPECT_GE(info->maxThreadsPerBlock, 256);
  EXPECT_GT(info->binaryVersion, 0);

  constexpr unsigned Threads = 256;
  Expected<DevicePtr> out = memAlloc(Threads * sizeof(uint32_t));
  PYJIT_ASSERT_VALUE(out);
  PYJIT_ASSERT_OK(memsetD8(*out, 0, Threads * sizeof(uint32_t)));
  DevicePtr arg = *out;
  void *params[] = {&arg};
  PYJIT_ASSERT_OK(launchKernel(*kernel, {1, 1, 1}, {Threads, 1, 1}, 0, nullptr,
                               params, "k"));
  PYJIT_ASSERT_OK(synchronize());
  std::vector<uint32_t> back(Threads);
  PYJIT_ASSERT_OK(memcpyDtoH(back.data(), *out, Threads * sizeof(uint32_t)));
  for (unsigned i = 0; i < Threads; ++i)
    ASSERT_EQ(back[i], storedValue(i)) << "at " << i;
  PYJIT_ASSERT_OK(memFree(*out));
}

TEST(GPURuntime, LaunchOnStreamIsTimed) {
  SKIP_WITHOUT_GPU();
  Expected<std::unique_ptr<LoadedModule>> module = loadStoreTid();
  PYJIT_ASSERT_VALUE(module);
  Expected<void *> kernel = (*module)->getFunction("k");
  PYJIT_ASSERT_VALUE(kernel);
  Expected<void *> stream = streamCreate(/*nonBlocking=*/true);
  PYJIT_ASSERT_VALUE(stream);
  Expected<std::unique_ptr<EventTimer>> timer = EventTimer::create();
  PYJIT_ASSERT_VALUE(timer);
  Expected<DevicePtr> out = memAlloc(32 * sizeof(uint32_t));
  PYJIT_ASSERT_VALUE(out);
  DevicePtr arg = *out;
  void *params[] = {&arg};
  PYJIT_ASSERT_OK((*timer)->start(*stream));
  for (int i = 0; i < 10; ++i)
    PYJIT_ASSERT_OK(launchKernel(*kernel, {}, {32}, 0, *stream, params, "k"));
  PYJIT_ASSERT_OK((*timer)->stop(*stream));
  Expected<float> ms = (*timer)->elapsedMs();
  PYJIT_ASSERT_VALUE(ms);
  EXPECT_GE(*ms, 0.0f);
  EXPECT_LT(*ms, 1000.0f);
  PYJIT_ASSERT_OK(streamSynchronize(*stream));
  std::vector<uint32_t> back(32);
  PYJIT_ASSERT_OK(memcpyDtoH(back.data(), *out, back.size() * 4));
  EXPECT_EQ(back[31], storedValue(31));
  PYJIT_ASSERT_OK(streamDestroy(*stream));
  PYJIT_ASSERT_OK(memFree(*out));
}

TEST(GPURuntime, CooperativeLaunchRunsAndTooLargeNamesTheLimit) {
  SKIP_WITHOUT_GPU();
  Expected<std::unique_ptr<LoadedModule>> module = loadStoreTid();
  PYJIT_ASSERT_VALUE(module);
  Expected<void *> kernel = (*module)->getFunction("k");
  PYJIT_ASSERT_VALUE(kernel);
  Expected<DevicePtr> out = memAlloc(64 * sizeof(uint32_t));
  PYJIT_ASSERT_VALUE(out);
  DevicePtr arg = *out;
  void *params[] = {&arg};
  PYJIT_ASSERT_OK(launchKernel(*kernel, {1, 1, 1}, {64, 1, 1}, 0, nullptr, params, "k",
                               /*cooperative=*/true));
  PYJIT_ASSERT_OK(synchronize());
  std::vector<uint32_t> back(64);
  PYJIT_ASSERT_OK(memcpyDtoH(back.data(), *out, back.size() * 4));
  EXPECT_EQ(back[63], storedValue(63));
  // More blocks than can be resident at once: the driver refuses the launch.
  Expected<int> perSM = maxActiveBlocksPerSM(*kernel, 1024, 0);
  PYJIT_ASSERT_VALUE(perSM);
  Error err = launchKernel(*kernel, {unsigned(*perSM) * 1024u, 1, 1}, {1024, 1, 1}, 0, nullptr,
                           params, "k", /*cooperative=*/true);
  expectErrorOf<CudaError>(std::move(err), [](const CudaError &e) {
    EXPECT_EQ(e.call().str(), "cuLaunchCooperativeKernel");
    EXPECT_EQ(e.name().str(), "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE");
    EXPECT_NE(e.context().find("kernel 'k'"), llvm::StringRef::npos) << e.message();
    EXPECT_NE(e.context().find("max_cooperative_grid_blocks"), llvm::StringRef::npos)
        << e.message();
  });
  PYJIT_ASSERT_OK(synchronize());
  PYJIT_ASSERT_OK(memFree(*out));
}

namespace {
size_t sharedFor150BytesPerThread(int blockSize) { return 150 * size_t(blockSize); }
} // namespace

// Hand-worked for an sm_90 multiprocessor (2048 threads in 64 warps, 32 blocks,
// 233472 bytes of shared memory, 1024 reserved per block, 128-byte units).
TEST(GPURuntime, OccupancyCalculator) {
  SKIP_WITHOUT_GPU();
  Expected<std::unique_ptr<LoadedModule>> module = loadStoreTid();
  PYJIT_ASSERT_VALUE(module);
  Expected<void *> kernel = (*module)->getFunction("k");
  PYJIT_ASSERT_VALUE(kernel);
  PYJIT_ASSERT_OK(allowOptInSharedMemory(*kernel));
  Expected<int> perSM = maxActiveBlocksPerSM(*kernel, 256, 0);
  PYJIT_ASSERT_VALUE(perSM);
  EXPECT_EQ(*perSM, 8);
  perSM = maxActiveBlocksPerSM(*kernel, 128, 100000, /*flags=*/1);
  PYJIT_ASSERT_VALUE(perSM);
  EXPECT_EQ(*perSM, 2); // 101024 bytes a block, rounded to 101120
  Expected<PotentialBlockSize> best = maxPotentialBlockSize(*kernel, nullptr, 0, 100);
  PYJIT_ASSERT_VALUE(best);
  EXPECT_EQ(best->blockSize, 64); // 32 blocks of 64 fill the SM; 100 and 96 do not
  // 768 threads, 2 blocks of 116224 bytes: 1536 resident, the most of any size.
  best = maxPotentialBlockSize(*kernel, sharedFor150BytesPerThread, 0, 1024);
  PYJIT_ASSERT_VALUE(best);
  EXPECT_EQ(best->blockSize, 768);
  Expected<const DeviceInfo &> device = currentDevice();
  PYJIT_ASSERT_VALUE(device);
  EXPECT_EQ(best->minGridSize, 2 * device->multiProcessorCount);
}

TEST(GPURuntime, InvalidBlockSizeNamesKernel) {
  SKIP_WITHOUT_GPU();
  Expected<std::unique_ptr<LoadedModule>> module = loadStoreTid();
  PYJIT_ASSERT_VALUE(module);
  Expected<void *> kernel = (*module)->getFunction("k");
  PYJIT_ASSERT_VALUE(kernel);
  DevicePtr arg = 0;
  void *params[] = {&arg};
  Error err =
      launchKernel(*kernel, {1, 1, 1}, {2048, 1, 1}, 0, nullptr, params, "k");
  expectErrorOf<CudaError>(std::move(err), [](const CudaError &e) {
    EXPECT_EQ(e.call().str(), "cuLaunchKernel");
    EXPECT_EQ(e.context().str(), "kernel 'k'");
    EXPECT_EQ(e.name().str(), "CUDA_ERROR_INVALID_VALUE");
    EXPECT_FALSE(e.isDriverMissing());
    EXPECT_EQ(e.message().rfind("cuLaunchKernel failed for kernel 'k': "
                                "CUDA_ERROR_INVALID_VALUE (",
                                0),
              0u)
        << e.message();
  });
  // The context is still usable afterwards.
  PYJIT_ASSERT_OK(synchronize());
}

TEST(GPURuntime, MissingFunctionIsNamed) {
  SKIP_WITHOUT_GPU();
  Expected<std::unique_ptr<LoadedModule>> module = loadStoreTid();
  PYJIT_ASSERT_VALUE(module);
  expectErrorOf<CudaError>((*module)->getFunction("nope").takeError(),
                           [](const CudaError &e) {
                             EXPECT_EQ(e.call().str(), "cuModuleGetFunction");
                             EXPECT_EQ(e.context().str(), "function 'nope'");
                             EXPECT_EQ(e.name().str(), "CUDA_ERROR_NOT_FOUND");
                           });
}

TEST(GPURuntime, BadImagesAreRejected) {
  SKIP_WITHOUT_GPU();
  expectErrorOf<CudaError>(LoadedModule::load({}).takeError(),
                           [](const CudaError &e) {
                             EXPECT_EQ(e.call().str(), "cuModuleLoadData");
                           });
  static const char garbage[] = "\x7f"
                                "ELF not really a cubin";
  expectErrorOf<CudaError>(LoadedModule::load(garbage).takeError(),
                           [](const CudaError &e) {
                             EXPECT_EQ(e.call().str(), "cuModuleLoadData");
                           });
}

TEST(GPURuntime, OtherThreadsGetTheContext) {
  SKIP_WITHOUT_GPU();
  Expected<const DeviceInfo &> main = currentDevice();
  PYJIT_ASSERT_VALUE(main);
  std::string failure;
  const DeviceInfo *seen = nullptr;
  std::thread worker([&] {
    Expected<DevicePtr> ptr = memAlloc(64);
    if (!ptr) {
      failure = toString(ptr.takeError());
      return;
    }
    if (Error err = memFree(*ptr))
      failure = toString(std::move(err));
    Expected<const DeviceInfo &> device = currentDevice();
    if (device)
      seen = &*device;
    else
      failure = toString(device.takeError());
  });
  worker.join();
  EXPECT_EQ(failure, "");
  EXPECT_EQ(seen, &*main);
}

} // namespace
