//===- DLPackAbi.h - DLPack's unversioned C ABI (DLManagedTensor) ---------===//
//
// The structures of DLPack 0.8 (github.com/dmlc/dlpack, include/dlpack/
// dlpack.h), which every producer and consumer (PyTorch, CuPy, JAX, NumPy)
// exchanges in a PyCapsule named "dltensor". Used by DLPack.cpp (export and
// import) and by the launch fast path (Dispatch.cpp), which reads a torch
// tensor through torch.utils.dlpack.to_dlpack.
//===----------------------------------------------------------------------===//
#ifndef PYJIT_PYTHON_DLPACKABI_H
#define PYJIT_PYTHON_DLPACKABI_H

#include <cstdint>

namespace pyjit::python::dlpack {

/// DLDeviceType values pyjit reads.
enum : int32_t { kDLCPU = 1, kDLCUDA = 2, kDLCUDAHost = 3, kDLCUDAManaged = 13 };
/// DLDataTypeCode values pyjit reads (kDLBfloat = 4 has no pyjit type).
enum : uint8_t { kDLInt = 0, kDLUInt = 1, kDLFloat = 2, kDLComplex = 5, kDLBool = 6 };

struct DLDevice {
  int32_t device_type; // a DLDeviceType
  int32_t device_id;
};
struct DLDataType {
  uint8_t code; // a DLDataTypeCode
  uint8_t bits;
  uint16_t lanes;
};
struct DLTensor {
  void *data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t *shape;
  int64_t *strides; // in elements; null: compact row-major
  uint64_t byte_offset;
};
struct DLManagedTensor {
  DLTensor dl_tensor;
  void *manager_ctx;
  void (*deleter)(DLManagedTensor *self);
};

/// The NumPy kind character (b, i, u, f, c) of a DLPack data type with one
/// lane; 0 for any other (bfloat16, vectors, unknown codes).
inline char numpyKind(const DLDataType &dt) {
  if (dt.lanes != 1 || dt.bits % 8)
    return 0;
  switch (dt.code) {
  case kDLInt: return 'i';
  case kDLUInt: return 'u';
  case kDLFloat: return 'f';
  case kDLComplex: return 'c';
  case kDLBool: return 'b';
  default: return 0;
  }
}

} // namespace pyjit::python::dlpack

#endif
