//===- CudaError.cpp - Error from a CUDA driver call ----------------------===//
//
// CudaError's message, and its construction from a CUresult.
//
//===----------------------------------------------------------------------===//

#include "pyjit/runtime/CudaError.h"
#include "DriverApi.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace pyjit::runtime {

char CudaError::ID = 0;

CudaError::CudaError(std::string call, int code, std::string name,
                     std::string description, std::string context)
    : Call(std::move(call)), Code(code), Name(std::move(name)),
      Description(std::move(description)), Context(std::move(context)) {}

CudaError CudaError::driverMissing(std::string call, std::string reason) {
  CudaError err(std::move(call), NoResult, {}, {});
  err.MissingReason = std::move(reason);
  return err;
}

CudaError CudaError::withMessage(std::string call, int code, std::string text) {
  CudaError err(std::move(call), code, {}, {});
  err.Text = std::move(text);
  return err;
}

bool CudaError::isDriverMissing() const {
  return Code == NoResult || Code == CUDA_ERROR_STUB_LIBRARY ||
         Code == CUDA_ERROR_NO_DEVICE;
}

std::string CudaError::message() const {
  std::string text;
  raw_string_ostream os(text);
  log(os);
  return text;
}

void CudaError::log(raw_ostream &os) const {
  if (Code == NoResult) {
    os << "no CUDA driver found (" << MissingReason << ")";
    return;
  }
  if (!Text.empty()) {
    os << Text;
    return;
  }
  os << Call << " failed";
  if (!Context.empty()) // "for kernel 'k'", or "after kernel 'k'" as it is
    os << (StringRef(Context).starts_with("after ") ? " " : " for ") << Context;
  os << ": " << (Name.empty() ? "CUresult " + std::to_string(Code) : Name);
  if (!Description.empty())
    os << " (" << Description << ")";
}

std::error_code CudaError::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

Error makeCudaError(const DriverApi &api, StringRef call, CUresult result,
                    std::string context) {
  const char *name = nullptr;
  const char *description = nullptr;
  if (api.cuGetErrorName(result, &name) != CUDA_SUCCESS)
    name = nullptr;
  if (api.cuGetErrorString(result, &description) != CUDA_SUCCESS)
    description = nullptr;
  return make_error<CudaError>(call.str(), static_cast<int>(result),
                               name ? name : "", description ? description : "",
                               std::move(context));
}

} // namespace pyjit::runtime
