//===- Memory.cpp - Device memory, device queries and events -------------===//
#include "Extension.h"
#include "pyjit/runtime/Launch.h"
#include "pyjit/runtime/Device.h"
#include "pyjit/runtime/Driver.h"
#include "pyjit/runtime/Event.h"
#include "pyjit/runtime/HostAddress.h"
#include "pyjit/runtime/Ipc.h"
#include "pyjit/runtime/JitLink.h"
#include "pyjit/runtime/Memory.h"
#include "pyjit/runtime/Stream.h"

#include <cstring>

using namespace pyjit;

static bool readPtr(PyObject *obj, uint64_t &out) {
  out = PyLong_AsUnsignedLongLong(obj);
  return !(out == static_cast<uint64_t>(-1) && PyErr_Occurred());
}

// A handle (CUevent, CUstream) passed as an int: the single argument of `args`.
static bool handleArg(PyObject *args, void *&handle) {
  PyObject *obj;
  if (!PyArg_ParseTuple(args, "O", &obj))
    return false;
  handle = PyLong_AsVoidPtr(obj);
  return !PyErr_Occurred();
}

static PyObject *noneOr(llvm::Error err) {
  if (err)
    return python::raiseRuntime(std::move(err));
  Py_RETURN_NONE;
}

PyObject *python::driverError(PyObject *, PyObject *) {
  // A child forked after the GPU's first use has a GPU it may not use:
  // raised, not a reason for the CPU backend, whose kernels would read the
  // parent's device arrays as host memory.
  if (runtime::Driver::forkedAfterInit())
    return raiseRuntime(runtime::Driver::forkedError());
  auto device = runtime::currentDevice();
  if (device)
    Py_RETURN_NONE;
  std::string message = llvm::toString(device.takeError());
  return PyUnicode_FromString(message.c_str());
}

PyObject *python::deviceInfo(PyObject *, PyObject *) {
  auto device = runtime::currentDevice();
  if (!device)
    return raiseRuntime(device.takeError());
  const runtime::DeviceInfo &d = *device;
  auto driver = runtime::driverVersion();
  if (!driver)
    return raiseRuntime(driver.takeError());
  // nvJitLink's version is read by nvjitlink_version(), when compiling: it
  // loads a large library that launching cached kernels does not need.
  return Py_BuildValue(
      "{s:i,s:s,s:(ii),s:s,s:i,s:(iii),s:(iii),s:i,s:i,s:i,s:i,s:(ii),s:y#}", "ordinal", d.ordinal,
      "name",
      d.name.c_str(), "compute_capability", d.ccMajor, d.ccMinor, "arch", d.arch().c_str(),
      "max_threads_per_block", d.maxThreadsPerBlock, "max_block_dim", d.maxBlockDim[0],
      d.maxBlockDim[1], d.maxBlockDim[2], "max_grid_dim", d.maxGridDim[0], d.maxGridDim[1],
      d.maxGridDim[2], "max_shared_memory_per_block", d.maxSharedMemoryPerBlock,
      "max_shared_memory_per_block_optin", d.maxSharedMemoryPerBlockOptin,
      "multiprocessor_count", d.multiProcessorCount, "warp_size", d.warpSize, "driver_version",
      *driver / 1000, (*driver % 1000) / 10, "uuid",
      reinterpret_cast<const char *>(d.uuid.data()), static_cast<Py_ssize_t>(d.uuid.size()));
}

PyObject *python::deviceAttribute(PyObject *, PyObject *args) {
  int ordinal = 0;
  const char *name = nullptr;
  if (!PyArg_ParseTuple(args, "is", &ordinal, &name))
    return nullptr;
  if (!runtime::isDeviceAttribute(name)) {
    PyErr_Format(PyExc_AttributeError, "CUDA devices have no attribute '%s' (the names are "
                                       "CU_DEVICE_ATTRIBUTE_* without the prefix)", name);
    return nullptr;
  }
  auto value = runtime::deviceAttribute(ordinal, name);
  if (!value)
    return raiseRuntime(value.takeError());
  return PyLong_FromLong(*value);
}

PyObject *python::nvJitLinkInfo(PyObject *, PyObject *) {
  // nvJitLink is needed to link kernels, but its absence is reported when
  // linking (LinkError): here the version is (0, 0).
  std::pair<int, int> version{0, 0};
  // Loading the library takes milliseconds: other Python threads run meanwhile.
  PyThreadState *state = PyEval_SaveThread();
  auto v = runtime::nvJitLinkVersion();
  PyEval_RestoreThread(state);
  if (v)
    version = *v;
  else
    llvm::consumeError(v.takeError());
  return Py_BuildValue("(ii)", version.first, version.second);
}

PyObject *python::nvJitLinkIdentity(PyObject *, PyObject *) {
  std::string id = runtime::nvJitLinkIdentity();
  return PyUnicode_FromStringAndSize(id.data(), static_cast<Py_ssize_t>(id.size()));
}

PyObject *python::memAlloc(PyObject *, PyObject *args) {
  unsigned long long bytes;
  if (!PyArg_ParseTuple(args, "K", &bytes))
    return nullptr;
  auto ptr = runtime::memAlloc(bytes == 0 ? 1 : bytes);
  if (!ptr)
    return raiseRuntime(ptr.takeError());
  return PyLong_FromUnsignedLongLong(*ptr);
}

PyObject *python::memFree(PyObject *, PyObject *args) {
  unsigned long long ptr;
  int ordinal = -1; // the device it was allocated on, if not the current one
  if (!PyArg_ParseTuple(args, "K|i", &ptr, &ordinal))
    return nullptr;
  int current = runtime::selectedDevice();
  if (ordinal < 0 || ordinal == current)
    return noneOr(runtime::memFree(ptr));
  if (llvm::Error err = runtime::selectDevice(ordinal))
    return raiseRuntime(std::move(err));
  llvm::Error err = runtime::memFree(ptr);
  llvm::Error back = runtime::selectDevice(current);
  if (err) {
    llvm::consumeError(std::move(back));
    return raiseRuntime(std::move(err));
  }
  return noneOr(std::move(back));
}

PyObject *python::memcpyHtoD(PyObject *, PyObject *args) {
  unsigned long long dst;
  PyObject *src, *stream = Py_None;
  if (!PyArg_ParseTuple(args, "KO|O", &dst, &src, &stream))
    return nullptr;
  void *s = nullptr;
  if (stream != Py_None && !(s = PyLong_AsVoidPtr(stream)) && PyErr_Occurred())
    return nullptr;
  Py_buffer view;
  if (PyObject_GetBuffer(src, &view, PyBUF_C_CONTIGUOUS) != 0)
    return nullptr;
  llvm::Error err =
      stream == Py_None
          ? runtime::memcpyHtoD(dst, view.buf, static_cast<size_t>(view.len))
          : runtime::memcpyHtoDAsync(dst, view.buf, static_cast<size_t>(view.len), s);
  PyBuffer_Release(&view);
  return noneOr(std::move(err));
}

PyObject *python::memcpyDtoH(PyObject *, PyObject *args) {
  PyObject *dst, *stream = Py_None;
  unsigned long long src;
  if (!PyArg_ParseTuple(args, "OK|O", &dst, &src, &stream))
    return nullptr;
  void *s = nullptr;
  if (stream != Py_None && !(s = PyLong_AsVoidPtr(stream)) && PyErr_Occurred())
    return nullptr;
  Py_buffer view;
  if (PyObject_GetBuffer(dst, &view, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) != 0)
    return nullptr;
  PyThreadState *state = PyEval_SaveThread(); // may wait for kernels
  llvm::Error err =
      stream == Py_None
          ? runtime::memcpyDtoH(view.buf, src, static_cast<size_t>(view.len))
          : runtime::memcpyDtoHAsync(view.buf, src, static_cast<size_t>(view.len), s);
  PyEval_RestoreThread(state);
  PyBuffer_Release(&view);
  return noneOr(std::move(err));
}

PyObject *python::memcpyDtoD(PyObject *, PyObject *args) {
  unsigned long long dst, src, bytes;
  if (!PyArg_ParseTuple(args, "KKK", &dst, &src, &bytes))
    return nullptr;
  return noneOr(runtime::memcpyDtoD(dst, src, bytes));
}

PyObject *python::memset(PyObject *, PyObject *args) {
  unsigned long long dst, bytes;
  unsigned char value;
  if (!PyArg_ParseTuple(args, "KbK", &dst, &value, &bytes))
    return nullptr;
  return noneOr(runtime::memsetD8(dst, value, bytes));
}

PyObject *python::hostAlloc(PyObject *, PyObject *args) {
  unsigned long long bytes;
  int mapped = 0;
  if (!PyArg_ParseTuple(args, "K|p", &bytes, &mapped))
    return nullptr;
  auto ptr = runtime::memHostAlloc(bytes == 0 ? 1 : bytes, mapped != 0);
  if (!ptr)
    return raiseRuntime(ptr.takeError());
  return PyLong_FromVoidPtr(*ptr);
}

PyObject *python::hostFree(PyObject *, PyObject *args) {
  void *p;
  if (!handleArg(args, p))
    return nullptr;
  return noneOr(runtime::memFreeHost(p));
}

PyObject *python::hostDevicePointer(PyObject *, PyObject *args) {
  void *p;
  if (!handleArg(args, p))
    return nullptr;
  auto dev = runtime::hostDevicePointer(p);
  if (!dev)
    return raiseRuntime(dev.takeError());
  return PyLong_FromUnsignedLongLong(*dev);
}

PyObject *python::selectDevice(PyObject *, PyObject *args) {
  int ordinal;
  if (!PyArg_ParseTuple(args, "i", &ordinal))
    return nullptr;
  return noneOr(runtime::selectDevice(ordinal));
}

PyObject *python::selectedDevice(PyObject *, PyObject *) {
  return PyLong_FromLong(runtime::selectedDevice());
}

PyObject *python::deviceCount(PyObject *, PyObject *) {
  auto n = runtime::deviceCount();
  if (!n)
    return raiseRuntime(n.takeError());
  return PyLong_FromLong(*n);
}

PyObject *python::lastKernel(PyObject *, PyObject *) {
  std::string name = runtime::lastLaunchedKernel();
  return PyUnicode_FromStringAndSize(name.data(), static_cast<Py_ssize_t>(name.size()));
}

PyObject *python::synchronize(PyObject *, PyObject *) {
  PyThreadState *state = PyEval_SaveThread();
  llvm::Error err = runtime::synchronize();
  PyEval_RestoreThread(state);
  return noneOr(std::move(err));
}

PyObject *python::eventCreate(PyObject *, PyObject *) {
  auto ev = runtime::eventCreate();
  if (!ev)
    return raiseRuntime(ev.takeError());
  return PyLong_FromVoidPtr(*ev);
}

PyObject *python::eventDestroy(PyObject *, PyObject *args) {
  void *p;
  if (!handleArg(args, p))
    return nullptr;
  runtime::eventDestroy(p);
  Py_RETURN_NONE;
}

namespace {
/// (event handle, stream handle) arguments; false with an exception set.
bool eventAndStream(PyObject *args, void *&event, void *&stream) {
  PyObject *ev, *st;
  if (!PyArg_ParseTuple(args, "OO", &ev, &st))
    return false;
  event = PyLong_AsVoidPtr(ev);
  uint64_t s;
  if (PyErr_Occurred() || !readPtr(st, s))
    return false;
  stream = reinterpret_cast<void *>(s);
  return true;
}
} // namespace

PyObject *python::eventRecord(PyObject *, PyObject *args) {
  void *e, *s;
  if (!eventAndStream(args, e, s))
    return nullptr;
  return noneOr(runtime::eventRecord(e, s));
}

namespace {
/// Runs a Python callable from a driver thread: takes the GIL, calls
/// callable(status), reports an exception it raises as unraisable (as a
/// callback's caller cannot), drops the reference.
void callPythonCallback(void *data, int status) {
  PyGILState_STATE gil = PyGILState_Ensure();
  auto *callable = static_cast<PyObject *>(data);
  PyObject *arg = PyLong_FromLong(status);
  PyObject *r = arg ? PyObject_CallFunctionObjArgs(callable, arg, nullptr) : nullptr;
  if (!r)
    PyErr_WriteUnraisable(callable);
  Py_XDECREF(r);
  Py_XDECREF(arg);
  Py_DECREF(callable);
  PyGILState_Release(gil);
}
} // namespace

PyObject *python::streamAddCallback(PyObject *, PyObject *args) {
  PyObject *stream, *callable;
  if (!PyArg_ParseTuple(args, "OO", &stream, &callable))
    return nullptr;
  uint64_t s;
  if (!readPtr(stream, s))
    return nullptr;
  if (!PyCallable_Check(callable)) {
    PyErr_SetString(PyExc_TypeError, "stream_add_callback: the callback must be callable");
    return nullptr;
  }
  Py_INCREF(callable); // released by the callback
  if (llvm::Error err = runtime::streamAddCallback(reinterpret_cast<void *>(s),
                                                   callPythonCallback, callable)) {
    Py_DECREF(callable);
    return raiseRuntime(std::move(err));
  }
  Py_RETURN_NONE;
}

PyObject *python::callReportingErrors(PyObject *, PyObject *args) {
  PyObject *callable;
  int status;
  if (!PyArg_ParseTuple(args, "Oi", &callable, &status))
    return nullptr;
  Py_INCREF(callable); // released by callPythonCallback
  callPythonCallback(callable, status);
  Py_RETURN_NONE;
}

PyObject *python::eventWait(PyObject *, PyObject *args) {
  void *e, *s;
  if (!eventAndStream(args, e, s))
    return nullptr;
  return noneOr(runtime::eventWaitOnStream(e, s));
}

PyObject *python::eventSynchronize(PyObject *, PyObject *args) {
  void *e;
  if (!handleArg(args, e))
    return nullptr;
  PyThreadState *state = PyEval_SaveThread();
  llvm::Error err = runtime::eventSynchronize(e);
  PyEval_RestoreThread(state);
  return noneOr(std::move(err));
}

PyObject *python::eventElapsed(PyObject *, PyObject *args) {
  PyObject *a, *b;
  if (!PyArg_ParseTuple(args, "OO", &a, &b))
    return nullptr;
  void *start = PyLong_AsVoidPtr(a);
  void *stop = PyLong_AsVoidPtr(b);
  if (PyErr_Occurred())
    return nullptr;
  auto ms = runtime::eventElapsedMs(start, stop);
  if (!ms)
    return raiseRuntime(ms.takeError());
  return PyFloat_FromDouble(*ms);
}

PyObject *python::streamCreate(PyObject *, PyObject *) {
  auto stream = runtime::streamCreate(/*nonBlocking=*/false);
  if (!stream)
    return raiseRuntime(stream.takeError());
  return PyLong_FromVoidPtr(*stream);
}

PyObject *python::streamDestroy(PyObject *, PyObject *args) {
  void *s;
  if (!handleArg(args, s))
    return nullptr;
  return noneOr(runtime::streamDestroy(s));
}

PyObject *python::streamSynchronize(PyObject *, PyObject *args) {
  void *s;
  if (!handleArg(args, s))
    return nullptr;
  PyThreadState *state = PyEval_SaveThread();
  llvm::Error err = runtime::streamSynchronize(s);
  PyEval_RestoreThread(state);
  return noneOr(std::move(err));
}

namespace {
/// True/False from an Expected<bool>, or the error raised.
PyObject *boolOr(llvm::Expected<bool> value) {
  if (!value)
    return python::raiseRuntime(value.takeError());
  return PyBool_FromLong(*value);
}
} // namespace

PyObject *python::streamQuery(PyObject *, PyObject *args) {
  void *s;
  if (!handleArg(args, s))
    return nullptr;
  return boolOr(runtime::streamQuery(s));
}

PyObject *python::eventQuery(PyObject *, PyObject *args) {
  void *e;
  if (!handleArg(args, e))
    return nullptr;
  return boolOr(runtime::eventQuery(e));
}

PyObject *python::memGetInfo(PyObject *, PyObject *) {
  auto info = runtime::memGetInfo();
  if (!info)
    return raiseRuntime(info.takeError());
  return Py_BuildValue("(KK)", static_cast<unsigned long long>(info->first),
                       static_cast<unsigned long long>(info->second));
}

PyObject *python::pointerKind(PyObject *, PyObject *args) {
  unsigned long long ptr;
  if (!PyArg_ParseTuple(args, "K", &ptr))
    return nullptr;
  auto info = runtime::pointerInfo(ptr);
  if (!info)
    return raiseRuntime(info.takeError());
  const char *kind = info->isManaged ? "managed"
                     : info->kind == runtime::MemoryKind::Device ? "device"
                     : info->kind == runtime::MemoryKind::Host   ? "host"
                     : info->kind == runtime::MemoryKind::Array  ? "array"
                                                                 : "unregistered";
  return PyUnicode_FromString(kind);
}

PyObject *python::hostReadable(PyObject *, PyObject *args) {
  unsigned long long ptr;
  Py_ssize_t bytes = 1;
  if (!PyArg_ParseTuple(args, "K|n", &ptr, &bytes))
    return nullptr;
  if (bytes < 1 || bytes > 4096) {
    PyErr_SetString(PyExc_ValueError, "host_readable: bytes must be 1..4096");
    return nullptr;
  }
  return PyBool_FromLong(runtime::isHostReadable(ptr, static_cast<size_t>(bytes)));
}

PyObject *python::ipcExport(PyObject *, PyObject *args) {
  unsigned long long ptr;
  if (!PyArg_ParseTuple(args, "K", &ptr))
    return nullptr;
  auto exported = runtime::ipcExport(ptr);
  if (!exported)
    return raiseRuntime(exported.takeError());
  return Py_BuildValue("(y#KK)", reinterpret_cast<const char *>(exported->handle.data()),
                       static_cast<Py_ssize_t>(exported->handle.size()),
                       static_cast<unsigned long long>(exported->offset),
                       static_cast<unsigned long long>(exported->size));
}

PyObject *python::ipcOpen(PyObject *, PyObject *args) {
  const char *bytes;
  Py_ssize_t n;
  if (!PyArg_ParseTuple(args, "y#", &bytes, &n))
    return nullptr;
  runtime::IpcMemHandle handle;
  if (n != static_cast<Py_ssize_t>(handle.size())) {
    PyErr_Format(PyExc_ValueError, "an IPC handle is %zd bytes, not %zd",
                 static_cast<Py_ssize_t>(handle.size()), n);
    return nullptr;
  }
  std::memcpy(handle.data(), bytes, handle.size());
  auto ptr = runtime::ipcOpen(handle);
  if (!ptr)
    return raiseRuntime(ptr.takeError());
  return PyLong_FromUnsignedLongLong(*ptr);
}

PyObject *python::ipcClose(PyObject *, PyObject *args) {
  unsigned long long ptr;
  if (!PyArg_ParseTuple(args, "K", &ptr))
    return nullptr;
  return noneOr(runtime::ipcClose(ptr));
}

PyObject *python::hostRegister(PyObject *, PyObject *args) {
  unsigned long long ptr, bytes;
  int mapped = 0;
  if (!PyArg_ParseTuple(args, "KK|p", &ptr, &bytes, &mapped))
    return nullptr;
  return noneOr(runtime::hostRegister(reinterpret_cast<void *>(ptr), bytes, mapped != 0));
}

PyObject *python::hostUnregister(PyObject *, PyObject *args) {
  void *p;
  if (!handleArg(args, p))
    return nullptr;
  return noneOr(runtime::hostUnregister(p));
}

PyObject *python::profiler(PyObject *, PyObject *args) {
  int start;
  if (!PyArg_ParseTuple(args, "p", &start))
    return nullptr;
  return noneOr(start ? runtime::profilerStart() : runtime::profilerStop());
}

PyObject *python::managedAlloc(PyObject *, PyObject *args) {
  unsigned long long bytes;
  int attachGlobal = 1;
  if (!PyArg_ParseTuple(args, "K|p", &bytes, &attachGlobal))
    return nullptr;
  auto ptr = runtime::memAllocManaged(bytes == 0 ? 1 : bytes, attachGlobal != 0);
  if (!ptr)
    return raiseRuntime(ptr.takeError());
  return PyLong_FromUnsignedLongLong(*ptr);
}
