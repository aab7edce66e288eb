//===- HeapType.h - Freeing an instance of one of the extension's types --===//
#ifndef PYJIT_PYTHON_HEAPTYPE_H
#define PYJIT_PYTHON_HEAPTYPE_H

#include "pyjit/python/Bridge.h"

namespace pyjit::python {

/// The end of a tp_dealloc of a type made by PyType_FromSpec: frees `obj`
/// with its type's tp_free, then drops the reference every instance of a
/// heap type holds to its type (limited API: no direct slot access).
inline void freeHeapInstance(PyObject *obj) {
  PyTypeObject *type = Py_TYPE(obj);
  reinterpret_cast<freefunc>(PyType_GetSlot(type, Py_tp_free))(obj);
  Py_DECREF(type);
}

} // namespace pyjit::python

#endif
