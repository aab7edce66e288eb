//===- ArrayAbi.cpp - The base of DeviceArray that holds its kernel ABI --===//
//
// _pyjit.ArrayAbi: pyjit.cuda's DeviceArray derives from it. Its one
// attribute, `_pyjit_abi` = (packed parameters, interned kernel type), is
// kept as Python objects for Python and as words in the object for the
// launch fast path (Dispatch.cpp), which then reads an array's parameters
// without an attribute lookup. The packed parameters are the array's kernel
// parameters (docs/abi.md): data pointer, extents, byte strides, int64 each.
//
//===----------------------------------------------------------------------===//

#include "ArrayAbi.h"
#include "HeapType.h"
#include <cstring>

namespace pyjit::python {
namespace {

struct ArrayAbiObject {
  PyObject_HEAD
  PyObject *abi;      // the (bytes, str) tuple, or null
  PyObject *typeName; // its str, borrowed from abi
  unsigned words;     // 1 + 2 * ndim, or 0 when abi is unset
  uint64_t slots[kAbiMaxWords];
};

PyTypeObject *abiType = nullptr;

void abiDealloc(PyObject *obj) {
  auto *self = reinterpret_cast<ArrayAbiObject *>(obj);
  Py_CLEAR(self->abi);
  freeHeapInstance(obj);
}

PyObject *abiGet(PyObject *obj, void *) {
  auto *self = reinterpret_cast<ArrayAbiObject *>(obj);
  if (!self->abi) {
    PyErr_SetString(PyExc_AttributeError, "_pyjit_abi");
    return nullptr;
  }
  Py_INCREF(self->abi);
  return self->abi;
}

int abiSet(PyObject *obj, PyObject *value, void *) {
  auto *self = reinterpret_cast<ArrayAbiObject *>(obj);
  if (!value) {
    Py_CLEAR(self->abi);
    self->words = 0;
    return 0;
  }
  PyObject *packed = PyTuple_Check(value) && PyTuple_Size(value) == 2
                         ? PyTuple_GetItem(value, 0) : nullptr;
  PyObject *name = packed ? PyTuple_GetItem(value, 1) : nullptr;
  Py_ssize_t bytes = packed && PyBytes_Check(packed) ? PyBytes_Size(packed) : 0;
  Py_ssize_t words = bytes / 8;
  if (!name || !PyUnicode_Check(name) || bytes % 8 || words < 1 || words % 2 == 0 ||
      words > static_cast<Py_ssize_t>(kAbiMaxWords)) {
    PyErr_SetString(PyExc_TypeError, "_pyjit_abi: expected (bytes of 1 + 2*ndim int64 "
                                     "words, ndim 0..32, interned type name)");
    return -1;
  }
  std::memcpy(self->slots, PyBytes_AsString(packed), static_cast<size_t>(bytes));
  Py_INCREF(value);
  PyObject *old = self->abi;
  self->abi = value;
  Py_XDECREF(old);
  self->typeName = name;
  self->words = static_cast<unsigned>(words);
  return 0;
}

PyGetSetDef abiGetSet[] = {
    {"_pyjit_abi", abiGet, abiSet,
     "(packed kernel parameters, interned kernel type name): read by the launch path", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

PyType_Slot abiSlots[] = {
    {Py_tp_dealloc, reinterpret_cast<void *>(abiDealloc)},
    {Py_tp_getset, abiGetSet},
    {Py_tp_new, reinterpret_cast<void *>(PyType_GenericNew)},
    {Py_tp_doc, const_cast<char *>("Base of pyjit's DeviceArray: its kernel parameters, "
                                   "kept where the launch path reads them.")},
    {0, nullptr}};

PyType_Spec abiSpec = {"pyjit._pyjit.ArrayAbi", sizeof(ArrayAbiObject), 0,
                       Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, abiSlots};

} // namespace

bool isArrayAbiType(PyTypeObject *type) {
  return abiType && PyType_IsSubtype(type, abiType);
}

const uint64_t *arrayAbiSlots(PyObject *obj, unsigned &words, PyObject *&typeName) {
  auto *self = reinterpret_cast<ArrayAbiObject *>(obj);
  if (!self->words)
    return nullptr;
  words = self->words;
  typeName = self->typeName;
  return self->slots;
}

bool addArrayAbiType(PyObject *module) {
  PyObject *type = PyType_FromSpec(&abiSpec);
  if (!type)
    return false;
  abiType = reinterpret_cast<PyTypeObject *>(type);
  Py_INCREF(type); // kept for isArrayAbiType
  return PyModule_AddObject(module, "ArrayAbi", type) == 0;
}

} // namespace pyjit::python
