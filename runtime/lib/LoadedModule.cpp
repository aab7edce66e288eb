//===- LoadedModule.cpp - A cubin loaded into the context -----------------===//
//
// Loading and unloading modules, looking up kernels and their attributes.
//
//===----------------------------------------------------------------------===//

#include "pyjit/runtime/LoadedModule.h"
#include "DriverApi.h"
#include "pyjit/runtime/Device.h"

#include "llvm/ADT/SmallString.h"

using namespace llvm;

namespace pyjit::runtime {

Expected<std::unique_ptr<LoadedModule>>
LoadedModule::load(ArrayRef<char> image) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  if (image.empty())
    return makeCudaError(*api, "cuModuleLoadData", CUDA_ERROR_INVALID_IMAGE,
                         "an empty image");
  CUmodule module = nullptr;
  if (Error err = checkCuda(*api, "cuModuleLoadData",
                            api->cuModuleLoadData(&module, image.data())))
    return std::move(err);
  return std::unique_ptr<LoadedModule>(new LoadedModule(module));
}

LoadedModule::~LoadedModule() {
  if (!Module)
    return;
  // At process exit the driver may already be shut down; then these calls
  // fail (CUDA_ERROR_DEINITIALIZED) and the module is simply leaked.
  Expected<const DriverApi &> api = contextApi();
  if (!api) {
    consumeError(api.takeError());
    return;
  }
  (void)api->cuModuleUnload(static_cast<CUmodule>(Module));
}

Expected<void *> LoadedModule::getFunction(StringRef name) const {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  SmallString<64> cName(name);
  CUfunction function = nullptr;
  if (CUresult r = api->cuModuleGetFunction(
          &function, static_cast<CUmodule>(Module), cName.c_str());
      r != CUDA_SUCCESS)
    return makeCudaError(*api, "cuModuleGetFunction", r,
                         ("function '" + name + "'").str());
  return static_cast<void *>(function);
}

Expected<std::optional<std::pair<uint64_t, size_t>>>
LoadedModule::getGlobal(StringRef name) const {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  SmallString<64> cName(name);
  CUdeviceptr ptr = 0;
  size_t bytes = 0;
  CUresult r = api->cuModuleGetGlobal(&ptr, &bytes, static_cast<CUmodule>(Module), cName.c_str());
  if (r == CUDA_ERROR_NOT_FOUND)
    return std::nullopt;
  if (r != CUDA_SUCCESS)
    return makeCudaError(*api, "cuModuleGetGlobal", r, ("global '" + name + "'").str());
  return std::make_pair(static_cast<uint64_t>(ptr), bytes);
}

Error setFunctionAttribute(void *function, int attribute, int value) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkCuda(*api, "cuFuncSetAttribute",
                   api->cuFuncSetAttribute(static_cast<CUfunction>(function),
                                           static_cast<CUfunction_attribute>(attribute), value));
}

Error setFunctionCacheConfig(void *function, int config) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  return checkCuda(*api, "cuFuncSetCacheConfig",
                   api->cuFuncSetCacheConfig(static_cast<CUfunction>(function),
                                             static_cast<CUfunc_cache>(config)));
}

Error allowOptInSharedMemory(void *function) {
  Expected<const DeviceInfo &> device = currentDevice();
  if (!device)
    return device.takeError();
  Expected<FunctionInfo> info = getFunctionInfo(function);
  if (!info)
    return info.takeError();
  int allowed = device->maxSharedMemoryPerBlockOptin - info->staticSharedBytes;
  if (allowed <= device->maxSharedMemoryPerBlock - info->staticSharedBytes)
    return Error::success(); // (no opt-in above the default on this device)
  return setFunctionAttribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, allowed);
}

Expected<FunctionInfo> getFunctionInfo(void *function) {
  Expected<const DriverApi &> api = contextApi();
  if (!api)
    return api.takeError();
  FunctionInfo info;
  struct Query {
    CUfunction_attribute attribute;
    int *field;
  } queries[] = {
      {CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, &info.maxThreadsPerBlock},
      {CU_FUNC_ATTRIBUTE_NUM_REGS, &info.numRegs},
      {CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, &info.staticSharedBytes},
      {CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, &info.localBytes},
      {CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES, &info.constBytes},
      {CU_FUNC_ATTRIBUTE_PTX_VERSION, &info.ptxVersion},
      {CU_FUNC_ATTRIBUTE_BINARY_VERSION, &info.binaryVersion},
  };
  for (const Query &query : queries)
    if (Error err = checkCuda(
            *api, "cuFuncGetAttribute",
            api->cuFuncGetAttribute(query.field, query.attribute,
                                    static_cast<CUfunction>(function))))
      return std::move(err);
  return info;
}

} // namespace pyjit::runtime
