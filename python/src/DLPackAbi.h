//===- DLPackAbi.h - DLPack's C ABI: DLManagedTensor, the exchange API ----===//
//
// The structures of DLPack (github.com/dmlc/dlpack, include/dlpack/dlpack.h):
// - DLTensor and DLManagedTensor (DLPack 0.8, unchanged in 1.x), which every
//   producer and consumer (PyTorch, CuPy, JAX, NumPy) exchanges in a PyCapsule
//   named "dltensor". Used by DLPack.cpp (export and import) and by the launch
//   fast path (Dispatch.cpp) when it reads a torch tensor through
//   torch.utils.dlpack.to_dlpack.
// - DLPackExchangeAPI (DLPack 1.3, "C exchange API"): a table of C functions
//   that a producer's array type gives in a PyCapsule named
//   "dlpack_exchange_api", its attribute `__dlpack_c_exchange_api__`
//   (PyTorch 2.10 and later). Its dltensor_from_py_object_no_sync fills a
//   DLTensor on the consumer's stack without a Python call; the launch fast
//   path reads torch tensors through it when torch has it.
//===----------------------------------------------------------------------===//
#ifndef PYJIT_PYTHON_DLPACKABI_H
#define PYJIT_PYTHON_DLPACKABI_H

#include <cstdint>

namespace pyjit::python::dlpack {

/// DLDeviceType values pyjit reads.
enum : int32_t { kDLCPU = 1, kDLCUDA = 2, kDLCUDAHost = 3, kDLCUDAManaged = 13 };
/// DLDataTypeCode values pyjit reads.
enum : uint8_t {
  kDLInt = 0, kDLUInt = 1, kDLFloat = 2, kDLBfloat = 4, kDLComplex = 5, kDLBool = 6
};

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

/// The byte strides of `t` into out[0..ndim): its element strides times
/// `itemsize`, or the compact row-major strides where the producer gives
/// none (a null `strides`, allowed before DLPack 1.2).
inline void byteStrides(const DLTensor &t, unsigned itemsize, int64_t *out) {
  int64_t compact = itemsize;
  for (int d = t.ndim - 1; d >= 0; --d) {
    out[d] = t.strides ? t.strides[d] * static_cast<int64_t>(itemsize) : compact;
    compact *= t.shape[d];
  }
}

struct DLPackVersion {
  uint32_t major;
  uint32_t minor;
};
struct DLPackExchangeAPIHeader {
  DLPackVersion version;
  /// An older table the producer also gives (same major version chain), or null.
  DLPackExchangeAPIHeader *prev_api;
};
/// DLPack 1.3's exchange table. pyjit calls dltensor_from_py_object_no_sync:
/// it fills `out` with pointers into the producer's object (valid while that
/// object lives unchanged), returns 0, or -1 with a Python exception set. It
/// does no stream synchronisation ("NoSync"): the consumer orders its work
/// after current_work_stream's.
struct DLPackExchangeAPI {
  DLPackExchangeAPIHeader header;
  void *managed_tensor_allocator;
  void *managed_tensor_from_py_object_no_sync;
  void *managed_tensor_to_py_object_no_sync;
  int (*dltensor_from_py_object_no_sync)(void *py_object, DLTensor *out);
  /// The stream the producer queues work on now for a device (its current
  /// stream); 0, or -1 with a Python exception set.
  int (*current_work_stream)(int32_t device_type, int32_t device_id, void **out_stream);
};

/// The capsule name DLPack 1.3 gives `__dlpack_c_exchange_api__`.
inline constexpr const char kExchangeApiCapsule[] = "dlpack_exchange_api";

/// The major-version-1 table in the chain starting at `header` whose
/// dltensor_from_py_object_no_sync is set, or null: a consumer written for
/// major version 1 walks prev_api past newer ones, as dlpack.h asks.
inline const DLPackExchangeAPI *exchangeApiV1(const DLPackExchangeAPIHeader *header) {
  for (int hops = 0; header && hops < 16; header = header->prev_api, ++hops) {
    if (header->version.major != 1)
      continue;
    const auto *api = reinterpret_cast<const DLPackExchangeAPI *>(header);
    return api->dltensor_from_py_object_no_sync ? api : nullptr;
  }
  return nullptr;
}

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
