//===- LoadedModule.h - A cubin loaded into the context ---------*- C++ -*-===//
//
// A module loaded with cuModuleLoadData, and lookup of its kernels.
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_RUNTIME_LOADEDMODULE_H
#define PYJIT_RUNTIME_LOADEDMODULE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>

namespace pyjit::runtime {

/// Resource use and limits of a kernel, from cuFuncGetAttribute.
struct FunctionInfo {
  int maxThreadsPerBlock = 0; ///< Largest block this kernel can launch with.
  int numRegs = 0;            ///< Registers per thread.
  int staticSharedBytes = 0;  ///< Statically allocated shared memory.
  int localBytes = 0;         ///< Local memory per thread.
  int constBytes = 0;         ///< User constant memory.
  int ptxVersion = 0;         ///< PTX ISA version * 10, e.g. 80.
  int binaryVersion = 0;      ///< SASS architecture * 10, e.g. 90.
};

/// A cubin (or fatbin, or null-terminated PTX) loaded into the primary
/// context of currentDevice(). The destructor unloads it; errors there are
/// ignored, so destroying a module while the process exits and the driver
/// is shutting down is safe.
class LoadedModule {
public:
  /// Loads \p image with cuModuleLoadData. The image is not kept.
  /// \returns the errors of currentDevice(); a CudaError naming
  /// cuModuleLoadData (e.g. CUDA_ERROR_NO_BINARY_FOR_GPU for a cubin of
  /// another architecture).
  static llvm::Expected<std::unique_ptr<LoadedModule>>
  load(llvm::ArrayRef<char> image);

  ~LoadedModule();
  LoadedModule(const LoadedModule &) = delete;
  LoadedModule &operator=(const LoadedModule &) = delete;

  /// The kernel \p name (its mangled entry name) as an opaque CUfunction,
  /// valid while this module lives.
  /// \returns a CudaError naming cuModuleGetFunction with "function '<name>'"
  /// as context (CUDA_ERROR_NOT_FOUND when there is no such kernel).
  llvm::Expected<void *> getFunction(llvm::StringRef name) const;

  /// The device address and size in bytes of the global variable \p name,
  /// or std::nullopt when the module has none of that name.
  /// \returns a CudaError naming cuModuleGetGlobal for other failures.
  llvm::Expected<std::optional<std::pair<uint64_t, size_t>>>
  getGlobal(llvm::StringRef name) const;

  /// The opaque CUmodule.
  void *handle() const { return Module; }

private:
  explicit LoadedModule(void *module) : Module(module) {}
  void *Module;
};

/// Reads the attributes of \p function (a CUfunction).
/// \returns a CudaError naming cuFuncGetAttribute.
llvm::Expected<FunctionInfo> getFunctionInfo(void *function);

/// Sets attribute \p attribute (a CUfunction_attribute) of \p function.
/// \returns a CudaError naming cuFuncSetAttribute (CUDA_ERROR_INVALID_VALUE
/// for a value out of the attribute's range).
llvm::Error setFunctionAttribute(void *function, int attribute, int value);

/// Sets the L1/shared memory split \p function prefers (cuFuncSetCacheConfig;
/// \p config is a CUfunc_cache value: 0 none, 1 shared, 2 L1, 3 equal).
/// \returns a CudaError naming cuFuncSetCacheConfig.
llvm::Error setFunctionCacheConfig(void *function, int config);

/// Lets launches of \p function use as much dynamic shared memory as the
/// current device allows a block with opt-in (227 KiB on sm_90) less its
/// static shared memory, instead of CUDA's default 48 KiB
/// (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES; CUDA C++ Programming
/// Guide, "Shared Memory"). Launches that use less are unaffected.
llvm::Error allowOptInSharedMemory(void *function);

} // namespace pyjit::runtime

#endif // PYJIT_RUNTIME_LOADEDMODULE_H
