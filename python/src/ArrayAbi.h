//===- ArrayAbi.h - The base of DeviceArray that holds its kernel ABI ----===//
#ifndef PYJIT_PYTHON_ARRAYABI_H
#define PYJIT_PYTHON_ARRAYABI_H

#include "pyjit/python/Bridge.h"
#include <cstdint>

namespace pyjit::python {

/// The most words an array's packed parameters have: 1 + 2 * 32 dimensions.
constexpr unsigned kAbiMaxWords = 65;

/// Creates _pyjit.ArrayAbi and adds it to `module`; false with an error set.
bool addArrayAbiType(PyObject *module);

/// Whether instances of `type` are ArrayAbi objects (DeviceArray and subclasses).
bool isArrayAbiType(PyTypeObject *type);

/// The packed parameters of an ArrayAbi object `obj` (`words` of them) and
/// its interned kernel type name (borrowed); null when `_pyjit_abi` is unset.
const uint64_t *arrayAbiSlots(PyObject *obj, unsigned &words, PyObject *&typeName);

} // namespace pyjit::python

#endif
