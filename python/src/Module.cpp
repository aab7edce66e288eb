//===- Module.cpp - The _pyjit extension module --------------------------===//
#include "ArrayAbi.h"
#include "HostBuffer.h"
#include "Extension.h"
#include "pyjit/runtime/CudaError.h"
#include "pyjit/runtime/Interrupt.h"
#include "pyjit/runtime/KernelError.h"
#include "pyjit/runtime/LinkError.h"

using namespace pyjit;

PyObject *python::raiseRuntime(llvm::Error err) {
  std::string message;
  const char *kind = nullptr;
  std::optional<long> code; // a failed driver call's CUresult (CudaError.code)
  llvm::Error rest = llvm::handleErrors(
      std::move(err),
      [&](const runtime::CudaError &e) {
        // No driver, or CUDA_ERROR_NO_DEVICE (100): numba.cuda's CudaSupportError.
        kind = e.code() == runtime::CudaError::NoResult || e.code() == 100 ? "CudaSupportError"
                                                                            : "CudaError";
        if (e.code() != runtime::CudaError::NoResult)
          code = e.code();
        message = e.message();
      },
      [&](const runtime::LinkError &e) {
        kind = "LinkError";
        message = e.message();
      },
      [&](const runtime::Interrupted &e) { // Ctrl-C: Python's own class (before
        message = e.message();                // KernelError, which it is too)
      },
      [&](const runtime::KernelError &e) {
        kind = "KernelError";
        message = e.message();
      });
  if (rest)
    return raise(std::move(rest));
  if (!kind) {
    PyErr_SetString(PyExc_KeyboardInterrupt, message.c_str());
    return nullptr;
  }
  return raiseNamed(kind, message, code);
}

static PyMethodDef methods[] = {
    {"compile_kernel", python::compileKernel, METH_VARARGS,
     "compile_kernel(source, filename, firstline, name, globals, argtypes, arch, opt, stop,\n"
     "               options=None, load_nvjitlink=False)\n"
     "load_nvjitlink: load nvJitLink on the calling thread while the compile runs.\n"
     "options: dict with debug, lineinfo, index32, host (bool: the CPU backend, giving\n"
     "host_bitcode), fastmath ('ftz,afn,...' or 'all'),\n"
     "ptx_version ('8.0'), cuda_version ((major, minor) of the oldest PTX consumer).\n"
     "-> dict(entry, ast, ir, llvm, ptx, ptx_version, warnings (rendered CompileWarnings),\n"
     "performance_warnings (rendered PerformanceWarnings), argtypes, paramtypes (tuples\n"
     "flattened, as the kernel takes them), error_sites); raises CompileError, ValueError."},
    {"link_ptx", python::linkPTX, METH_VARARGS,
     "link_ptx(ptx: str, arch: str, options=(), extra=()) -> bytes (cubin through nvJitLink,\n"
     "with nvJitLink options such as '-lineinfo'; extra: (kind, bytes, name) inputs, kind\n"
     "'cubin', 'ltoir', 'fatbin', 'ptx', 'object' or 'library'); raises LinkError."},
    {"compile_cuda", python::compileCuda, METH_VARARGS,
     "compile_cuda(source, name, arch, options=()) -> relocatable PTX (str) of CUDA C++\n"
     "through NVRTC, with NVRTC options (a tuple of str: '-I<dir>', ...) after pyjit's;\n"
     "raises LinkError with NVRTC's log, or naming the missing library."},
    {"libdevice_path", python::libdevicePath, METH_NOARGS,
     "libdevice_path() -> str: the libdevice bitcode file kernels link (PYJIT_LIBDEVICE,\n"
     "else $CUDA_HOME/nvvm/libdevice/libdevice.10.bc, else the build's CUDA's)."},
    {"libdevice_functions", python::libdeviceFunctions, METH_NOARGS,
     "libdevice_functions() -> ((name, result, params, outputs), ...): every libdevice\n"
     "function (without __nv_), pyjit type names, params and outputs comma-separated."},
    {"conversion", python::conversion, METH_VARARGS,
     "conversion(want, given) -> how an argument of type `given` passes to a parameter of\n"
     "type `want` (type strings): 0 exact, 1 promotion, 2 safe, 3 unsafe (TypeRules'\n"
     "conversionTo, numba's rating), None not at all; ValueError for a bad spelling."},
    {"ptx_targets", python::ptxTargets, METH_NOARGS,
     "ptx_targets() -> ('sm_70', ..., 'sm_100f', ...): the architectures pyjit compiles for\n"
     "(those codegen/PTXVersion.cpp knows a PTX ISA version of)."},
    {"parse_signature", python::parseSignature, METH_O,
     "parse_signature('void(float32[:], int32)') -> tuple of canonical argument type strings;\n"
     "raises ValueError naming the bad text."},
    {"driver_error", python::driverError, METH_NOARGS,
     "driver_error() -> None if a CUDA driver and device are usable, else the reason (str)."},
    {"device_info", python::deviceInfo, METH_NOARGS, "device_info() -> dict for the current device."},
    {"device_attribute", python::deviceAttribute, METH_VARARGS,
     "device_attribute(ordinal, name) -> int: cuDeviceGetAttribute by the attribute's name."},
    {"mem_alloc", python::memAlloc, METH_VARARGS, "mem_alloc(nbytes) -> device pointer (int)."},
    {"mem_free", python::memFree, METH_VARARGS, "mem_free(ptr)."},
    {"memcpy_htod", python::memcpyHtoD, METH_VARARGS,
     "memcpy_htod(dst_ptr, buffer, stream=None): with a stream (int handle), asynchronous\n"
     "on it (cuMemcpyHtoDAsync)."},
    {"memcpy_dtoh", python::memcpyDtoH, METH_VARARGS,
     "memcpy_dtoh(writable_buffer, src_ptr, stream=None): with a stream, asynchronous on it."},
    {"host_alloc", python::hostAlloc, METH_VARARGS,
     "host_alloc(nbytes, mapped=False) -> pointer to page-locked host memory (cuMemHostAlloc)."},
    {"host_free", python::hostFree, METH_VARARGS, "host_free(ptr) (cuMemFreeHost)."},
    {"host_device_pointer", python::hostDevicePointer, METH_VARARGS,
     "host_device_pointer(ptr) -> the device address of mapped host memory."},
    {"select_device", python::selectDevice, METH_VARARGS,
     "select_device(ordinal): this thread's device; CudaError for a bad ordinal."},
    {"selected_device", python::selectedDevice, METH_NOARGS,
     "selected_device() -> this thread's device ordinal."},
    {"device_count", python::deviceCount, METH_NOARGS, "device_count() -> number of GPUs."},
    {"nvjitlink_version", python::nvJitLinkInfo, METH_NOARGS,
     "nvjitlink_version() -> (major, minor), (0, 0) when nvJitLink cannot be loaded."},
    {"nvjitlink_identity", python::nvJitLinkIdentity, METH_NOARGS,
     "nvjitlink_identity() -> 'path:size:mtime' of the nvJitLink library, without loading it."},
    {"param_slots", python::paramSlots, METH_VARARGS,
     "param_slots(argtypes) -> ((kernel parameter slots per argument type), limit)."},
    {"last_kernel", python::lastKernel, METH_NOARGS,
     "last_kernel() -> name of the kernel launched last ('' before any)."},
    {"memcpy_dtod", python::memcpyDtoD, METH_VARARGS, "memcpy_dtod(dst_ptr, src_ptr, nbytes)."},
    {"memset", python::memset, METH_VARARGS, "memset(ptr, byte, nbytes)."},
    {"synchronize", python::synchronize, METH_NOARGS, "Waits for all GPU work (cuCtxSynchronize)."},
    {"event_create", python::eventCreate, METH_NOARGS, "event_create() -> handle (int)."},
    {"event_destroy", python::eventDestroy, METH_VARARGS, "event_destroy(handle)."},
    {"event_record", python::eventRecord, METH_VARARGS, "event_record(handle, stream)."},
    {"stream_add_callback", python::streamAddCallback, METH_VARARGS,
     "stream_add_callback(stream, callable): callable(status) runs on a driver thread once\n"
     "the work queued before has finished (cuStreamAddCallback)."},
    {"call_reporting_errors", python::callReportingErrors, METH_VARARGS,
     "call_reporting_errors(callable, status): callable(status) now, in this thread, an\n"
     "exception it raises reported as unraisable (as stream_add_callback's callbacks)."},
    {"event_wait", python::eventWait, METH_VARARGS,
     "event_wait(handle, stream): work queued on the stream later waits for the event."},
    {"event_synchronize", python::eventSynchronize, METH_VARARGS, "event_synchronize(handle)."},
    {"event_elapsed", python::eventElapsed, METH_VARARGS,
     "event_elapsed(start, stop) -> milliseconds (float)."},
    {"stream_create", python::streamCreate, METH_NOARGS, "stream_create() -> handle (int)."},
    {"stream_destroy", python::streamDestroy, METH_VARARGS, "stream_destroy(handle)."},
    {"stream_synchronize", python::streamSynchronize, METH_VARARGS,
     "stream_synchronize(handle): waits for the stream's work."},
    {"stream_query", python::streamQuery, METH_VARARGS,
     "stream_query(handle) -> True when the stream's work has finished (cuStreamQuery)."},
    {"event_query", python::eventQuery, METH_VARARGS,
     "event_query(handle) -> True when the work before the event's record has finished."},
    {"managed_alloc", python::managedAlloc, METH_VARARGS,
     "managed_alloc(nbytes, attach_global=True) -> address of managed memory\n"
     "(cuMemAllocManaged), the same for the host and the devices; free with mem_free."},
    {"mem_get_info", python::memGetInfo, METH_NOARGS,
     "mem_get_info() -> (free, total) bytes of the current device (cuMemGetInfo)."},
    {"pointer_kind", python::pointerKind, METH_VARARGS,
     "pointer_kind(address) -> 'device', 'managed', 'host' (page-locked), 'array' or "
     "'unregistered' (memory CUDA does not know: ordinary host memory), cuPointerGetAttribute."},
    {"host_readable", python::hostReadable, METH_VARARGS,
     "host_readable(address, bytes=1) -> can this process read those bytes? (no signal:\n"
     "write(2) into a pipe fails with EFAULT). CPU-backend kernels read CPointer\n"
     "arguments in this process."},
    {"ipc_export", python::ipcExport, METH_VARARGS,
     "ipc_export(ptr) -> (handle: 64 bytes, offset, size): the IPC handle of the\n"
     "allocation holding device address ptr, ptr's offset in it and its size in bytes\n"
     "(cuMemGetAddressRange, cuIpcGetMemHandle)."},
    {"ipc_open", python::ipcOpen, METH_VARARGS,
     "ipc_open(handle: 64 bytes) -> device address of another process's allocation\n"
     "(cuIpcOpenMemHandle); close with ipc_close."},
    {"ipc_close", python::ipcClose, METH_VARARGS,
     "ipc_close(ptr) (cuIpcCloseMemHandle)."},
    {"host_register", python::hostRegister, METH_VARARGS,
     "host_register(ptr, nbytes, mapped=False): page-locks existing host memory\n"
     "(cuMemHostRegister; mapped: also into the device's address space)."},
    {"host_unregister", python::hostUnregister, METH_VARARGS,
     "host_unregister(ptr) (cuMemHostUnregister)."},
    {"profiler", python::profiler, METH_VARARGS,
     "profiler(start: bool): cuProfilerStart / cuProfilerStop."},
    {"cache_load", python::cacheLoad, METH_VARARGS,
     "cache_load(dir, key) -> ('hit', payload) | ('miss', None) | ('corrupt', None);\n"
     "dir is bytes (os.fsencode) in each cache_* function. A corrupt entry (or one that\n"
     "is no regular file) is removed. Raises OSError if dir cannot be created."},
    {"cache_store", python::cacheStore, METH_VARARGS,
     "cache_store(dir, key, payload, max_bytes): atomic write, then LRU eviction down to\n"
     "max_bytes (0: no limit). Raises OSError naming the path."},
    {"cache_clear", python::cacheClear, METH_VARARGS, "cache_clear(dir) -> entries removed."},
    {"cache_usage", python::cacheUsage, METH_VARARGS, "cache_usage(dir) -> (entries, bytes)."},
    {"dlpack_export", python::dlpackExport, METH_VARARGS,
     "dlpack_export(ptr, shape, byte_strides, kind, itemsize, device_type, device_id, owner)\n"
     "-> DLPack capsule ('dltensor') keeping owner alive."},
    {"dlpack_import", python::dlpackImport, METH_O,
     "dlpack_import(capsule) -> (data, shape, byte_strides, typestr, device_type, device_id,\n"
     "holder); holder releases the producer's tensor when collected."},
    {"register_launch_type", python::registerLaunchType, METH_VARARGS,
     "register_launch_type(type, kind, reader=None, current_stream=None): kind 'scalar',\n"
     "'abi' (pyjit DeviceArray), 'cupy' or 'torch'; a 'torch' type takes a reader: its DLPack\n"
     "C exchange API (the type's __dlpack_c_exchange_api__ capsule; ValueError if unusable)\n"
     "or its DLPack exporter (torch.utils.dlpack.to_dlpack), whose capsule the fast path\n"
     "reads. current_stream(device) -> int: the library's current CUstream, which launches\n"
     "with its arrays wait for (unless the exchange API gives it)."},
    {"launch_type_reader", python::launchTypeReader, METH_O,
     "launch_type_reader(type) -> how the launch fast path reads the type ('scalar', 'abi',\n"
     "'cupy', 'torch: dlpack_c_exchange_api', 'torch: to_dlpack'), or None."},
    {"register_raw_scalar", python::registerRawScalar, METH_VARARGS,
     "register_raw_scalar(sample, kind, itemsize, value_bytes) -> True when the fast path\n"
     "reads the sample's type's value in place (checked against value_bytes)."},
    {"versions", python::versions, METH_NOARGS, "versions() -> dict(llvm=version string)."},
    {nullptr, nullptr, 0, nullptr}};

static PyModuleDef moduleDef = {PyModuleDef_HEAD_INIT, "_pyjit",
                                "pyjit's compiler and CUDA runtime (C++).", -1, methods};

PyMODINIT_FUNC PyInit__pyjit(void) {
  PyObject *module = PyModule_Create(&moduleDef);
  if (!module)
    return nullptr;
  if (!python::addKernelType(module) || !python::addDispatchTypes(module) ||
      !python::addArrayAbiType(module) || !python::addHostBufferType(module)) {
    Py_DECREF(module);
    return nullptr;
  }
  return module;
}
