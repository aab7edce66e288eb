//===- KernelLaunch.h - Launching a Kernel from read arguments -----------===//
//
// The launch fast path (Dispatch.cpp) reads each argument once — scalars
// stay Python objects, arrays become their kernel parameters (data pointer,
// extents, byte strides; docs/abi.md) — then hands them to the Kernel that
// the dispatch table chose for their types.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_PYTHON_KERNELLAUNCH_H
#define PYJIT_PYTHON_KERNELLAUNCH_H

#include "pyjit/python/Bridge.h"
#include "pyjit/runtime/Launch.h"
#include <cstdint>

namespace pyjit::python {

/// One argument as read by the fast path.
struct ReadArg {
  PyObject *object = nullptr;      ///< borrowed; the scalar (or array) itself
  const uint64_t *slots = nullptr; ///< arrays: data, extents..., strides...
  unsigned ndim = 0;               ///< arrays: the dimension count of `slots`
  const void *raw = nullptr;       ///< NumPy scalars: the value inside the object
  char rawKind = 0;                ///< its NumPy kind (b, i, u, f)
  unsigned rawBytes = 0;           ///< its size
};

enum class PreparedLaunch { Launched, NeedsWideIndex, Error };

/// Launches `kernel` (a _pyjit.Kernel for the GPU) with `args`, one per
/// parameter, whose types the caller has matched to the kernel's. Returns
/// NeedsWideIndex without launching when the kernel was compiled for 32-bit
/// indices and an array is too large for it; Error with a Python exception set.
PreparedLaunch launchPrepared(PyObject *kernel, const ReadArg *args, size_t nargs,
                              runtime::Dim3 grid, runtime::Dim3 block, unsigned sharedBytes,
                              uint64_t stream);

/// For a CuPy array or torch tensor (a type registered with the fast path)
/// on the selected device: the stream its library queues work on now (a
/// CUstream value), which a launch must wait for, in \p stream with \p has
/// true. \p has is false for other objects and other devices' arrays. False
/// with a Python exception set when the library's call fails. (Dispatch.cpp)
bool foreignProducerStream(PyObject *arg, uint64_t &stream, bool &has);

/// True for a Kernel object that runs on the GPU.
bool isGpuKernel(PyObject *obj);

/// The Kernel type's object layout checks (Kernel.cpp).
bool isKernel(PyObject *obj);

} // namespace pyjit::python

#endif
