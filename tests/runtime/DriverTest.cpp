//===- DriverTest.cpp - Driver loading and CudaError without a GPU --------===//
//
// CudaError messages, and the driver-missing error on machines without one.
//
//===----------------------------------------------------------------------===//

#include "pyjit/runtime/Driver.h"
#include "TestSupport.h"
#include "pyjit/runtime/CudaError.h"
#include "pyjit/runtime/Device.h"
#include "pyjit/runtime/Launch.h"
#include "pyjit/runtime/LoadedModule.h"
#include "pyjit/runtime/Memory.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace pyjit::runtime;
using namespace pyjit::runtime::test;

namespace {

#define SKIP_IF_DRIVER_PRESENT()                                               \
  do {                                                                         \
    if (Driver::isAvailable())                                                 \
      GTEST_SKIP() << "a CUDA driver is present on this machine";              \
  } while (false)

/// Expects \p err to be the driver-missing CudaError.
void expectDriverMissing(Error err) {
  expectErrorOf<CudaError>(std::move(err), [](const CudaError &e) {
    EXPECT_TRUE(e.isDriverMissing()) << e.message();
    if (e.code() == CudaError::NoResult) {
      EXPECT_EQ(e.call().str(), "dlopen(libcuda.so.1)");
      // dlerror()'s text, which names the library once.
      EXPECT_EQ(e.message().rfind("no CUDA driver found (libcuda.so.1", 0), 0u)
          << e.message();
      EXPECT_EQ(e.message().find("libcuda.so.1", 26), std::string::npos)
          << e.message();
    }
  });
}

TEST(CudaError, MessageWithContext) {
  CudaError err("cuLaunchKernel", 1, "CUDA_ERROR_INVALID_VALUE",
                "invalid argument", "kernel 'saxpy'");
  EXPECT_EQ(err.message(), "cuLaunchKernel failed for kernel 'saxpy': "
                           "CUDA_ERROR_INVALID_VALUE (invalid argument)");
  EXPECT_EQ(err.call().str(), "cuLaunchKernel");
  EXPECT_EQ(err.code(), 1);
  EXPECT_EQ(err.context().str(), "kernel 'saxpy'");
  EXPECT_FALSE(err.isDriverMissing());
}

TEST(CudaError, MessageWithoutContextOrNames) {
  CudaError err("cuMemFree", 700, "", "");
  EXPECT_EQ(err.message(), "cuMemFree failed: CUresult 700");
}

TEST(CudaError, DriverMissingMessage) {
  CudaError err = CudaError::driverMissing(
      "dlopen(libcuda.so.1)", "libcuda.so.1 could not be loaded: gone");
  EXPECT_TRUE(err.isDriverMissing());
  EXPECT_EQ(err.code(), CudaError::NoResult);
  EXPECT_EQ(err.message(), "no CUDA driver found (libcuda.so.1 could not be "
                           "loaded: gone)");
}

TEST(CudaError, NoDeviceAndStubCountAsMissing) {
  EXPECT_TRUE(
      CudaError("cuInit", 100, "CUDA_ERROR_NO_DEVICE", "").isDriverMissing());
  EXPECT_TRUE(
      CudaError("cuInit", 34, "CUDA_ERROR_STUB_LIBRARY", "").isDriverMissing());
  EXPECT_FALSE(CudaError("cuInit", 35, "CUDA_ERROR_INSUFFICIENT_DRIVER", "")
                   .isDriverMissing());
}

TEST(Driver, MissingDriverIsReported) {
  SKIP_IF_DRIVER_PRESENT();
  Expected<Driver &> driver = Driver::get();
  ASSERT_FALSE(static_cast<bool>(driver));
  std::string reason;
  EXPECT_FALSE(Driver::isAvailable(&reason));
  EXPECT_NE(reason.find("libcuda"), std::string::npos) << reason;
  expectDriverMissing(driver.takeError());
}

TEST(Driver, EveryEntryPointReportsMissingDriver) {
  SKIP_IF_DRIVER_PRESENT();
  expectDriverMissing(driverVersion().takeError());
  expectDriverMissing(currentDevice().takeError());
  expectDriverMissing(ensureContext());
  expectDriverMissing(memAlloc(16).takeError());
  expectDriverMissing(memcpyHtoD(0, nullptr, 0));
  expectDriverMissing(synchronize());
  char image[4] = {0x7f, 'E', 'L', 'F'};
  expectDriverMissing(LoadedModule::load(image).takeError());
  expectDriverMissing(launchKernel(nullptr, {}, {}, 0, nullptr, nullptr, "k"));
}

} // namespace
