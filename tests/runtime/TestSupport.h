//===- TestSupport.h - GoogleTest helpers for llvm::Error -------*- C++ -*-===//
//
// Assertions on llvm::Error / llvm::Expected that print the error message.
//
//===----------------------------------------------------------------------===//

#ifndef PYJIT_TESTS_RUNTIME_TESTSUPPORT_H
#define PYJIT_TESTS_RUNTIME_TESTSUPPORT_H

#include "llvm/Support/Error.h"
#include "gtest/gtest.h"

#include <string>

/// Asserts that the llvm::Error \p expr is success, else fails with its text.
#define PYJIT_ASSERT_OK(expr)                                                  \
  do {                                                                         \
    if (llvm::Error pyjitErr_ = (expr))                                        \
      FAIL() << #expr << ": " << llvm::toString(std::move(pyjitErr_));         \
  } while (false)

/// Asserts that the llvm::Expected \p value holds a value.
#define PYJIT_ASSERT_VALUE(value)                                              \
  ASSERT_TRUE(static_cast<bool>(value)) << llvm::toString((value).takeError())

namespace pyjit::runtime::test {

/// Consumes \p err; if it is an \p ErrT, calls \p onMatch with it and
/// returns true; otherwise records a test failure and returns false.
template <typename ErrT, typename Fn>
bool expectErrorOf(llvm::Error err, Fn onMatch) {
  if (!err) {
    ADD_FAILURE() << "expected an error, got success";
    return false;
  }
  bool matched = false;
  llvm::handleAllErrors(
      std::move(err),
      [&](const ErrT &e) {
        matched = true;
        onMatch(e);
      },
      [&](const llvm::ErrorInfoBase &e) {
        ADD_FAILURE() << "unexpected error kind: " << e.message();
      });
  return matched;
}

} // namespace pyjit::runtime::test

#endif // PYJIT_TESTS_RUNTIME_TESTSUPPORT_H
