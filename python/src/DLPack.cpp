//===- DLPack.cpp - DLPack capsules: exporting and importing device arrays ===//
//
// dlpack_export(ptr, shape, byte_strides, kind, itemsize, device_type,
//               device_id, owner) -> PyCapsule "dltensor"
// dlpack_import(capsule) -> (data, shape, byte_strides, typestr, device_type,
//                            device_id, holder)
//
// The structures are DLPack's unversioned ABI (DLPackAbi.h), which every
// producer and consumer (PyTorch, CuPy, JAX, NumPy) exchanges through
// `__dlpack__`.
// An exported capsule keeps `owner` (the DeviceArray) alive until the
// consumer calls the deleter, or until the capsule dies unconsumed. An
// imported tensor is held by `holder`, whose destruction calls the
// producer's deleter.
//===----------------------------------------------------------------------===//
#include "DLPackAbi.h"
#include "Extension.h"
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

namespace {

using namespace pyjit::python::dlpack;

/// What an exported tensor owns.
struct Export {
  DLManagedTensor tensor;
  PyObject *owner;
  int64_t dims[64]; // shape then strides
};

void exportDeleter(DLManagedTensor *t) {
  auto *e = static_cast<Export *>(t->manager_ctx);
  PyGILState_STATE gil = PyGILState_Ensure(); // consumers may call it from any thread
  Py_XDECREF(e->owner);
  PyGILState_Release(gil);
  delete e;
}

void exportCapsuleDestructor(PyObject *capsule) {
  // Consumed capsules are renamed "used_dltensor" and owned by the consumer.
  if (!PyCapsule_IsValid(capsule, "dltensor"))
    return;
  auto *t = static_cast<DLManagedTensor *>(PyCapsule_GetPointer(capsule, "dltensor"));
  if (t && t->deleter)
    t->deleter(t);
}

void holderDestructor(PyObject *holder) {
  auto *t = static_cast<DLManagedTensor *>(PyCapsule_GetPointer(holder, "pyjit_dltensor"));
  if (t && t->deleter)
    t->deleter(t);
}

bool dataType(char kind, unsigned itemsize, DLDataType &dt) {
  dt.lanes = 1;
  dt.bits = static_cast<uint8_t>(itemsize * 8);
  switch (kind) {
  case 'i': dt.code = kDLInt; return true;
  case 'u': dt.code = kDLUInt; return true;
  case 'f': dt.code = kDLFloat; return true;
  case 'c': dt.code = kDLComplex; return true;
  case 'b': dt.code = kDLBool; return true;
  case 'E': dt.code = kDLBfloat; return itemsize == 2; // ml_dtypes' bfloat16 (its kind is 'V')
  default: return false;
  }
}

} // namespace

PyObject *pyjit::python::dlpackExport(PyObject *, PyObject *args) {
  unsigned long long ptr;
  PyObject *shape, *strides, *owner;
  const char *kind;
  unsigned itemsize;
  int deviceType, deviceId;
  if (!PyArg_ParseTuple(args, "KOOsIiiO", &ptr, &shape, &strides, &kind, &itemsize, &deviceType,
                        &deviceId, &owner))
    return nullptr;
  if (!PyTuple_Check(shape) || !PyTuple_Check(strides) ||
      PyTuple_Size(shape) != PyTuple_Size(strides) || PyTuple_Size(shape) > 32) {
    PyErr_SetString(PyExc_ValueError, "dlpack_export: shape and strides must be tuples of "
                                      "equal length (at most 32)");
    return nullptr;
  }
  auto e = std::make_unique<Export>();
  std::memset(&e->tensor, 0, sizeof(e->tensor));
  if (!dataType(kind[0], itemsize, e->tensor.dl_tensor.dtype)) {
    PyErr_Format(PyExc_BufferError, "DLPack has no type for numpy kind '%s'", kind);
    return nullptr;
  }
  int ndim = static_cast<int>(PyTuple_Size(shape));
  for (int d = 0; d < ndim; ++d) {
    e->dims[d] = PyLong_AsLongLong(PyTuple_GetItem(shape, d));
    long long bytes = PyLong_AsLongLong(PyTuple_GetItem(strides, d));
    if (PyErr_Occurred())
      return nullptr;
    if (bytes % static_cast<long long>(itemsize) != 0) {
      PyErr_SetString(PyExc_BufferError, "DLPack needs strides that are whole elements");
      return nullptr;
    }
    e->dims[32 + d] = bytes / static_cast<long long>(itemsize);
  }
  DLTensor &t = e->tensor.dl_tensor;
  t.data = reinterpret_cast<void *>(static_cast<uintptr_t>(ptr));
  t.device = {deviceType, deviceId};
  t.ndim = ndim;
  t.shape = e->dims;
  t.strides = e->dims + 32;
  t.byte_offset = 0;
  e->tensor.manager_ctx = e.get();
  e->tensor.deleter = exportDeleter;
  Py_INCREF(owner);
  e->owner = owner;
  PyObject *capsule = PyCapsule_New(&e->tensor, "dltensor", exportCapsuleDestructor);
  if (!capsule) {
    Py_DECREF(owner);
    return nullptr;
  }
  e.release();
  return capsule;
}

PyObject *pyjit::python::dlpackImport(PyObject *, PyObject *capsule) {
  if (!PyCapsule_IsValid(capsule, "dltensor")) {
    PyErr_SetString(PyExc_TypeError, "expected an unconsumed DLPack capsule ('dltensor'); "
                                     "versioned capsules are not supported");
    return nullptr;
  }
  auto *m = static_cast<DLManagedTensor *>(PyCapsule_GetPointer(capsule, "dltensor"));
  const DLTensor &t = m->dl_tensor;
  // bfloat16: "bfloat16" for the typestr (NumPy has no such typestr; the
  // Python side takes ml_dtypes' dtype).
  bool bfloat16 = t.dtype.code == kDLBfloat && t.dtype.bits == 16 && t.dtype.lanes == 1;
  char kind = bfloat16 ? 'V' : numpyKind(t.dtype);
  if (!kind || t.ndim < 0 || t.ndim > 32) {
    PyErr_Format(PyExc_TypeError, "unsupported DLPack tensor (type code %d, %d bits, %d lanes, "
                 "%d dimensions)", t.dtype.code, t.dtype.bits, t.dtype.lanes, t.ndim);
    return nullptr;
  }
  unsigned itemsize = t.dtype.bits / 8;
  std::string typestr = bfloat16 ? std::string("bfloat16")
                                 : std::string(itemsize == 1 ? "|" : "<") + kind +
                                       std::to_string(itemsize);
  PyObject *shape = PyTuple_New(t.ndim);
  PyObject *strides = PyTuple_New(t.ndim);
  if (!shape || !strides) {
    Py_XDECREF(shape);
    Py_XDECREF(strides);
    return nullptr;
  }
  int64_t byteStride[32];
  byteStrides(t, itemsize, byteStride);
  for (int d = 0; d < t.ndim; ++d) {
    PyTuple_SetItem(shape, d, PyLong_FromLongLong(t.shape[d]));
    PyTuple_SetItem(strides, d, PyLong_FromLongLong(byteStride[d]));
  }
  // From here the consumer (this holder) owns the tensor.
  PyObject *holder = PyCapsule_New(m, "pyjit_dltensor", holderDestructor);
  if (!holder || PyCapsule_SetName(capsule, "used_dltensor") < 0) {
    Py_XDECREF(holder);
    Py_DECREF(shape);
    Py_DECREF(strides);
    return nullptr;
  }
  uint64_t data = reinterpret_cast<uintptr_t>(t.data) + t.byte_offset;
  return Py_BuildValue("(KNNsiiN)", static_cast<unsigned long long>(data), shape, strides,
                       typestr.c_str(), t.device.device_type, t.device.device_id, holder);
}
