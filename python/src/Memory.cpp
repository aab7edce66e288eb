//===- Memory.cpp - Device memory, device queries and events -------------===//
#include "Extension.h"
#include "pyjit/runtime/Device.h"
#include "pyjit/runtime/Driver.h"
#include "pyjit/runtime/Event.h"
#include "pyjit/runtime/JitLink.h"
#include "pyjit/runtime/Memory.h"
#include "pyjit/runtime/Stream.h"

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
  // nvJitLink is needed to run kernels, but its absence is reported when
  // linking (LinkError), not here.
  std::pair<int, int> jitlink{0, 0};
  if (auto v = runtime::nvJitLinkVersion())
    jitlink = *v;
  else
    llvm::consumeError(v.takeError());
  return Py_BuildValue(
      "{s:i,s:s,s:(ii),s:s,s:i,s:(iii),s:(iii),s:i,s:i,s:i,s:(ii),s:(ii)}", "ordinal", d.ordinal,
      "name",
      d.name.c_str(), "compute_capability", d.ccMajor, d.ccMinor, "arch", d.arch().c_str(),
      "max_threads_per_block", d.maxThreadsPerBlock, "max_block_dim", d.maxBlockDim[0],
      d.maxBlockDim[1], d.maxBlockDim[2], "max_grid_dim", d.maxGridDim[0], d.maxGridDim[1],
      d.maxGridDim[2], "max_shared_memory_per_block", d.maxSharedMemoryPerBlock,
      "multiprocessor_count", d.multiProcessorCount, "warp_size", d.warpSize, "driver_version",
      *driver / 1000, (*driver % 1000) / 10, "nvjitlink_version", jitlink.first, jitlink.second);
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
  if (!PyArg_ParseTuple(args, "K", &ptr))
    return nullptr;
  return noneOr(runtime::memFree(ptr));
}

PyObject *python::memcpyHtoD(PyObject *, PyObject *args) {
  unsigned long long dst;
  PyObject *src;
  if (!PyArg_ParseTuple(args, "KO", &dst, &src))
    return nullptr;
  Py_buffer view;
  if (PyObject_GetBuffer(src, &view, PyBUF_C_CONTIGUOUS) != 0)
    return nullptr;
  llvm::Error err = runtime::memcpyHtoD(dst, view.buf, static_cast<size_t>(view.len));
  PyBuffer_Release(&view);
  return noneOr(std::move(err));
}

PyObject *python::memcpyDtoH(PyObject *, PyObject *args) {
  PyObject *dst;
  unsigned long long src;
  if (!PyArg_ParseTuple(args, "OK", &dst, &src))
    return nullptr;
  Py_buffer view;
  if (PyObject_GetBuffer(dst, &view, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) != 0)
    return nullptr;
  llvm::Error err = runtime::memcpyDtoH(view.buf, src, static_cast<size_t>(view.len));
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

PyObject *python::eventRecord(PyObject *, PyObject *args) {
  PyObject *ev, *stream;
  if (!PyArg_ParseTuple(args, "OO", &ev, &stream))
    return nullptr;
  void *e = PyLong_AsVoidPtr(ev);
  uint64_t s;
  if (PyErr_Occurred() || !readPtr(stream, s))
    return nullptr;
  return noneOr(runtime::eventRecord(e, reinterpret_cast<void *>(s)));
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
