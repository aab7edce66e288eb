//===- Diagnostics.h - The one diagnostics engine of every layer ----------===//
#ifndef PYJIT_FRONTEND_DIAGNOSTICS_H
#define PYJIT_FRONTEND_DIAGNOSTICS_H

#include "pyjit/frontend/SourceFile.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace pyjit {

enum class Severity { Error, Warning, Note };

struct Diagnostic {
  Severity severity;
  SourceRange range;
  std::string message;
  const SourceFile *file = nullptr; // the file `range` refers to
  /// An error's: a Python exception class the error is also, for numba's
  /// callers ("ValueError": numba raises that for it); empty for none. A
  /// warning's: its Python warning class ("PerformanceWarning"; empty:
  /// pyjit.errors.CompileWarning).
  std::string alsoA = {};
};

/// Collects diagnostics against one SourceFile and renders them clang-style:
///
///   file.py:12:9: error: message
///       out[i] = x ** y
///           ^~~~
///
/// Every layer (parser, type inference, IR generation, codegen) reports
/// through this engine so all messages point into the user's file.
class DiagnosticEngine {
public:
  explicit DiagnosticEngine(const SourceFile &file) : file(&file) {}

  /// The file later diagnostics point into (device functions may live in
  /// other files than the kernel). FileScope restores the previous one.
  const SourceFile &currentFile() const { return *file; }
  void setCurrentFile(const SourceFile &f) { file = &f; }
  class FileScope {
  public:
    FileScope(DiagnosticEngine &engine, const SourceFile &f)
        : engine(engine), saved(&engine.currentFile()) {
      engine.setCurrentFile(f);
    }
    ~FileScope() { engine.setCurrentFile(*saved); }

  private:
    DiagnosticEngine &engine;
    const SourceFile *saved;
  };

  /// \p alsoA: a Python exception class the error is also (Diagnostic::alsoA).
  void error(SourceRange range, const llvm::Twine &message, llvm::StringRef alsoA = {});
  /// \p pythonClass: the Python warning class it is (Diagnostic::alsoA).
  void warning(SourceRange range, const llvm::Twine &message,
               llvm::StringRef pythonClass = {});
  void note(SourceRange range, const llvm::Twine &message);

  bool hasErrors() const { return numErrors != 0; }
  unsigned errorCount() const { return numErrors; }
  const std::vector<Diagnostic> &diagnostics() const { return diags; }
  const SourceFile &sourceFile() const { return *file; }

  /// All diagnostics rendered as text, one block per diagnostic; an error
  /// or warning repeated word for word at the same place (and its notes)
  /// once. \p errorsOnly leaves warnings and their notes out (takeError).
  std::string render(bool errorsOnly = false) const;
  /// The warnings of Python class \p pythonClass (Diagnostic::alsoA) and
  /// their notes, rendered as render() does.
  std::string renderWarnings(llvm::StringRef pythonClass) const;
  /// One diagnostic rendered with its source line and caret.
  std::string render(const Diagnostic &diag) const;

  /// Converts the collected errors to a CompileError (success if none) of
  /// the errors and their notes, also of the first error's Python class
  /// (Diagnostic::alsoA).
  llvm::Error takeError() const;

private:
  const SourceFile *file;
  std::vector<Diagnostic> diags;
  unsigned numErrors = 0;
};

/// An llvm::Error carrying rendered compile diagnostics
/// (`file:line:col: error: ...` with source line and caret).
class CompileError : public llvm::ErrorInfo<CompileError> {
public:
  static char ID;
  explicit CompileError(std::string rendered, std::string alsoA = {})
      : text(std::move(rendered)), also(std::move(alsoA)) {}
  void log(llvm::raw_ostream &os) const override { os << text; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
  /// The Python exception class it is also (Diagnostic::alsoA), or empty.
  const std::string &alsoA() const { return also; }

private:
  std::string text;
  std::string also;
};

} // namespace pyjit

#endif
