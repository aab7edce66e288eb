//===- Extension.h - Entry points of the _pyjit extension module ---------===//
#ifndef PYJIT_PYTHON_EXTENSION_H
#define PYJIT_PYTHON_EXTENSION_H

#include "pyjit/python/Bridge.h"

namespace pyjit::python {

/// Like raise(), but maps runtime::CudaError to pyjit.CudaError and
/// runtime::LinkError to pyjit.LinkError. Always returns null.
PyObject *raiseRuntime(llvm::Error err);

// Compile.cpp
PyObject *compileKernel(PyObject *self, PyObject *args);
PyObject *linkPTX(PyObject *self, PyObject *args);
PyObject *parseSignature(PyObject *self, PyObject *arg);
PyObject *conversion(PyObject *self, PyObject *args);
PyObject *ptxTargets(PyObject *self, PyObject *args);
/// libdevice_functions() -> ((name, result, params, outputs), ...): numba.cuda.libdevice's
/// functions with pyjit type names (params and outputs comma-separated).
PyObject *libdeviceFunctions(PyObject *self, PyObject *args);
PyObject *libdevicePath(PyObject *self, PyObject *args);
/// compile_cuda(source, name, arch) -> PTX (str): CUDA C++ through NVRTC
/// (runtime/Nvrtc.h); raises LinkError with NVRTC's log.
PyObject *compileCuda(PyObject *self, PyObject *args);
// Memory.cpp
PyObject *driverError(PyObject *self, PyObject *args);
PyObject *deviceInfo(PyObject *self, PyObject *args);
/// device_attribute(ordinal, name) -> int: cuDeviceGetAttribute of
/// CU_DEVICE_ATTRIBUTE_<name>; AttributeError for a name that is none.
PyObject *deviceAttribute(PyObject *self, PyObject *args);
PyObject *memAlloc(PyObject *self, PyObject *args);
PyObject *memFree(PyObject *self, PyObject *args);
PyObject *memcpyHtoD(PyObject *self, PyObject *args);
PyObject *memcpyDtoH(PyObject *self, PyObject *args);
PyObject *memcpyDtoD(PyObject *self, PyObject *args);
PyObject *memset(PyObject *self, PyObject *args);
PyObject *synchronize(PyObject *self, PyObject *args);
PyObject *hostAlloc(PyObject *self, PyObject *args);
PyObject *hostFree(PyObject *self, PyObject *args);
PyObject *hostDevicePointer(PyObject *self, PyObject *args);
PyObject *lastKernel(PyObject *self, PyObject *args);
/// param_slots(argtypes: tuple of str) -> ((slots per argument), limit):
/// the kernel parameters each argument type takes (0: none) and a launch's
/// limit, checked before compiling.
PyObject *paramSlots(PyObject *self, PyObject *args);
PyObject *nvJitLinkInfo(PyObject *self, PyObject *args);
PyObject *nvJitLinkIdentity(PyObject *self, PyObject *args);
PyObject *selectDevice(PyObject *self, PyObject *args);
PyObject *selectedDevice(PyObject *self, PyObject *args);
PyObject *deviceCount(PyObject *self, PyObject *args);
PyObject *eventCreate(PyObject *self, PyObject *args);
PyObject *eventDestroy(PyObject *self, PyObject *args);
PyObject *eventRecord(PyObject *self, PyObject *args);
/// stream_add_callback(stream, callable): callable(status) runs on a driver
/// thread after the stream's queued work (cuStreamAddCallback).
PyObject *streamAddCallback(PyObject *self, PyObject *args);
PyObject *callReportingErrors(PyObject *self, PyObject *args);
/// event_wait(handle, stream): `stream` waits for the event (cuStreamWaitEvent).
PyObject *eventWait(PyObject *self, PyObject *args);
PyObject *eventSynchronize(PyObject *self, PyObject *args);
PyObject *eventElapsed(PyObject *self, PyObject *args);
PyObject *streamCreate(PyObject *self, PyObject *args);
PyObject *streamDestroy(PyObject *self, PyObject *args);
PyObject *streamSynchronize(PyObject *self, PyObject *args);
PyObject *streamQuery(PyObject *self, PyObject *args);
PyObject *eventQuery(PyObject *self, PyObject *args);
PyObject *memGetInfo(PyObject *self, PyObject *args);
PyObject *managedAlloc(PyObject *self, PyObject *args);
PyObject *ipcExport(PyObject *self, PyObject *args);
PyObject *pointerKind(PyObject *self, PyObject *args);
PyObject *hostReadable(PyObject *self, PyObject *args);
PyObject *ipcOpen(PyObject *self, PyObject *args);
PyObject *ipcClose(PyObject *self, PyObject *args);
PyObject *hostRegister(PyObject *self, PyObject *args);
PyObject *hostUnregister(PyObject *self, PyObject *args);
PyObject *profiler(PyObject *self, PyObject *args);
// Cache.cpp
PyObject *cacheLoad(PyObject *self, PyObject *args);
PyObject *cacheStore(PyObject *self, PyObject *args);
PyObject *cacheClear(PyObject *self, PyObject *args);
PyObject *cacheUsage(PyObject *self, PyObject *args);
PyObject *versions(PyObject *self, PyObject *args);
// DLPack.cpp
PyObject *dlpackExport(PyObject *self, PyObject *args);
PyObject *dlpackImport(PyObject *self, PyObject *capsule);
// Dispatch.cpp
/// register_launch_type(type, kind[, reader]): a type the launch fast path
/// reads. ValueError for a capsule that is not a usable DLPack exchange API.
PyObject *registerLaunchType(PyObject *self, PyObject *args);
/// launch_type_reader(type) -> str or None: how the fast path reads `type`.
PyObject *launchTypeReader(PyObject *self, PyObject *type);
/// register_raw_scalar(sample, kind, itemsize, value_bytes) -> bool: the fast
/// path may read this NumPy scalar type's value in place.
PyObject *registerRawScalar(PyObject *self, PyObject *args);
/// Creates the DispatcherBase and Launcher types and adds them to `module`.
bool addDispatchTypes(PyObject *module);
// Kernel.cpp
/// Creates the Kernel type and adds it to `module`; false with an error set on failure.
bool addKernelType(PyObject *module);

} // namespace pyjit::python

#endif
