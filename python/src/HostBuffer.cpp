//===- HostBuffer.cpp - Host memory exposed through the buffer protocol --===//
//
// _pyjit.HostBuffer: the base of pyjit's MappedMemory / PinnedMemory
// (python/pyjit/_emm.py), so that `np.ndarray(shape, dtype,
// buffer=ctx.memhostalloc(n))` views page-locked host memory as it does in
// numba (whose MappedMemory derives from its mviewbuf.MemAlloc). A
// subclass calls `_expose(address, nbytes)` once; the buffer is then
// `nbytes` writable unsigned bytes at `address` (PEP 3118 format "B"),
// valid while the object lives (the subclass keeps the memory alive). The
// buffer protocol is in the limited API from Python 3.11.
//
//===----------------------------------------------------------------------===//

#include "HostBuffer.h"
#include "HeapType.h"

namespace pyjit::python {
namespace {

struct HostBufferObject {
  PyObject_HEAD
  void *address;
  Py_ssize_t bytes;
  bool exposed;
};

void hostBufferDealloc(PyObject *obj) { freeHeapInstance(obj); }

int hostBufferGet(PyObject *obj, Py_buffer *view, int flags) {
  auto *self = reinterpret_cast<HostBufferObject *>(obj);
  if (!self->exposed) {
    PyErr_SetString(PyExc_BufferError, "this host memory object exposes no memory yet");
    return -1;
  }
  return PyBuffer_FillInfo(view, obj, self->address, self->bytes, /*readonly=*/0, flags);
}

// _expose(address, nbytes): the memory the buffer gives (once).
PyObject *hostBufferExpose(PyObject *obj, PyObject *args) {
  auto *self = reinterpret_cast<HostBufferObject *>(obj);
  unsigned long long address = 0;
  Py_ssize_t bytes = 0;
  if (!PyArg_ParseTuple(args, "Kn:_expose", &address, &bytes))
    return nullptr;
  if (bytes < 0 || (bytes > 0 && address == 0)) {
    PyErr_SetString(PyExc_ValueError, "_expose: needs a non-null address and nbytes >= 0");
    return nullptr;
  }
  if (self->exposed) {
    PyErr_SetString(PyExc_RuntimeError, "_expose: the memory of a HostBuffer is set once");
    return nullptr;
  }
  self->address = reinterpret_cast<void *>(static_cast<uintptr_t>(address));
  self->bytes = bytes;
  self->exposed = true;
  Py_RETURN_NONE;
}

PyMethodDef hostBufferMethods[] = {
    {"_expose", hostBufferExpose, METH_VARARGS,
     "_expose(address, nbytes): the host memory the buffer protocol gives (set once)."},
    {nullptr, nullptr, 0, nullptr}};

PyType_Slot hostBufferSlots[] = {
    {Py_tp_dealloc, reinterpret_cast<void *>(hostBufferDealloc)},
    {Py_tp_methods, hostBufferMethods},
    {Py_tp_new, reinterpret_cast<void *>(PyType_GenericNew)},
    {Py_bf_getbuffer, reinterpret_cast<void *>(hostBufferGet)},
    {Py_tp_doc, const_cast<char *>("Base of pyjit's MappedMemory: host memory as a buffer "
                                   "of unsigned bytes (np.ndarray(buffer=...)).")},
    {0, nullptr}};

PyType_Spec hostBufferSpec = {"pyjit._pyjit.HostBuffer", sizeof(HostBufferObject), 0,
                              Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, hostBufferSlots};

} // namespace

bool addHostBufferType(PyObject *module) {
  PyObject *type = PyType_FromSpec(&hostBufferSpec);
  if (!type)
    return false;
  return PyModule_AddObject(module, "HostBuffer", type) == 0;
}

} // namespace pyjit::python
