//===- HostBuffer.h - Host memory exposed through the buffer protocol ----===//
#ifndef PYJIT_PYTHON_HOSTBUFFER_H
#define PYJIT_PYTHON_HOSTBUFFER_H

#include "pyjit/python/Bridge.h"

namespace pyjit::python {

/// Creates _pyjit.HostBuffer and adds it to `module`; false with an error set.
bool addHostBufferType(PyObject *module);

} // namespace pyjit::python

#endif
