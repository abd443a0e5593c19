#!/usr/bin/env python3
"""Checks that the Apple-device products build for iOS: no module they depend on, and no line
of theirs that iOS compiles, uses what iOS lacks.

usage: scripts/check-portable.py [--self-test]

The products Multipart, MultipartUpload, Menus and MenusUIKit ship to iOS, tvOS, watchOS and
visionOS, where Foundation has no `Process`, nothing may take over the process's signals, and
Linux's C library, FoundationNetworking and libcurl do not exist. No Apple SDK is at hand on
Linux, so the check reads the sources as the compiler would for iOS:

1. The products' targets and, through Package.swift (`swift package dump-package`), every target
   they depend on for iOS (a dependency conditioned on other platforms is left out). None may be
   a module of the Mac tooling (ToolingSupport, its C signal forwarding, libcurl's targets).
2. In each Swift file of those targets, the `#if` blocks are evaluated as for iOS (`os(iOS)`,
   `canImport` of the iOS SDK's modules only, `DEBUG` both ways), and the lines iOS compiles are
   searched for APIs iOS lacks: `Process`, `NSTask`, `fork`, `posix_spawn`, `exec*`,
   `waitpid`, `sigaction`, `signal(`, `kill(`, `popen`, `system(`, `sync_file_range`,
   `NSWorkspace`, `homeDirectoryForCurrentUser`, and imports of modules iOS has no such module
   for (`Glibc`, `Musl`, `FoundationNetworking`, `AppKit`, the Mac tooling's).

Each finding is printed as `path:line: <what>`, and the exit status is 1. `--self-test` shows
the check can fail: it adds `let process = Process()` to a copy of a Multipart file and expects
exactly that line to be found.
"""
import json, os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRODUCTS = ["Multipart", "MultipartUpload", "Menus", "MenusUIKit"]
# Modules that only the Mac tooling may use.
TOOLING = {"ToolingSupport", "CSignalForwarding", "CCurl", "CCurlTransfer"}
# What `canImport` finds in the iOS SDK (the modules these sources ask about).
IOS_MODULES = {
    "Foundation", "Darwin", "Dispatch", "UIKit", "Security", "CommonCrypto", "ImageIO",
    "CoreGraphics", "ObjectiveC", "os", "Combine", "SwiftUI", "Network", "UniformTypeIdentifiers",
    "CoreServices", "MobileCoreServices", "Synchronization",
}
FORBIDDEN = [
    (re.compile(r"(?<![.\w])Process\s*\("), "Foundation's Process, which iOS lacks"),
    (re.compile(r"\bProcess\s*\.\s*(launch|run|terminat)"), "Foundation's Process, which iOS lacks"),
    (re.compile(r"\bNSTask\b"), "NSTask, which iOS lacks"),
    (re.compile(r"(?<![.\w])(fork|vfork|posix_spawnp?|execv|execvp|execve|waitpid|popen|system)\s*\("),
     "a process call, which iOS forbids"),
    (re.compile(r"(?<![.\w])(sigaction|signal|kill|pthread_kill|pthread_sigmask|sigprocmask|"
                r"sigaddset|shipyard_forward_signals)\s*\("), "process-wide signal handling"),
    (re.compile(r"\bsync_file_range\b|\bposix_fadvise\b"), "Linux-only file tuning"),
    (re.compile(r"\bNSWorkspace\b|\bNSApplication\b"), "AppKit, which iOS lacks"),
    (re.compile(r"homeDirectoryForCurrentUser|\bHost\.current\b"), "a macOS-only Foundation API"),
]
IMPORT = re.compile(r"^\s*(?:@_exported\s+)?(?:(?:public|package|internal|private|fileprivate)\s+)?"
                    r"import\s+(?:(?:struct|class|enum|func|var|protocol)\s+)?([A-Za-z_][A-Za-z_0-9]*)")


def package():
    output = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    return json.loads(output)


def ios_closure(description):
    """The targets the products need on iOS: name -> target description."""
    targets = {target["name"]: target for target in description["targets"]}
    wanted, seen = list(PRODUCTS), {}
    while wanted:
        name = wanted.pop()
        if name in seen or name not in targets:
            continue
        seen[name] = targets[name]
        for dependency in targets[name].get("dependencies", []):
            kind, value = next(iter(dependency.items()))
            dependency_name, condition = value[0], value[-1]
            platforms = (condition or {}).get("platformNames") if isinstance(condition, dict) else None
            if platforms is None or "ios" in platforms:
                wanted.append(dependency_name)
    return seen


class Condition:
    """A recursive-descent reader of `#if` conditions, evaluated for iOS."""

    TOKEN = re.compile(r"\s*(\|\||&&|!|\(|\)|,|[A-Za-z_][A-Za-z_0-9.]*|[<>=]+|[0-9.]+)")

    def __init__(self, text, debug):
        self.tokens = [t for t in self.TOKEN.findall(text) if t.strip()]
        self.position = 0
        self.debug = debug

    def peek(self):
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def take(self):
        token = self.peek()
        self.position += 1
        return token

    def evaluate(self):
        value = self.conjunction()
        while self.peek() == "||":
            self.take()
            value = self.conjunction() or value
        return value

    def conjunction(self):
        value = self.unary()
        while self.peek() == "&&":
            self.take()
            value = self.unary() and value
        return value

    def unary(self):
        if self.peek() == "!":
            self.take()
            return not self.unary()
        if self.peek() == "(":
            self.take()
            value = self.evaluate()
            self.take()
            return value
        name = self.take()
        if self.peek() != "(":
            return {"DEBUG": self.debug, "true": True, "false": False}.get(name, False)
        self.take()
        arguments = []
        while self.peek() not in (")", None):
            token = self.take()
            if token != ",":
                arguments.append(token)
        self.take()
        argument = arguments[0] if arguments else ""
        if name == "os":
            return argument == "iOS"
        if name == "canImport":
            return argument in IOS_MODULES
        if name == "targetEnvironment":
            return False
        if name == "arch":
            return argument == "arm64"
        # compiler(>=6), swift(>=5.9), hasFeature(...): the toolchain iOS builds with has them.
        return True


def active_lines(path, debug):
    """(number, text) of every line iOS compiles in `path`, with DEBUG as given."""
    stack = []  # per #if: [taking this branch, a branch was taken, parent active]
    active = True
    with open(path, encoding="utf-8") as source:
        for number, line in enumerate(source, 1):
            stripped = line.strip()
            directive = re.match(r"#(if|elseif|else|endif)\b(.*)", stripped)
            if directive:
                kind, condition = directive.group(1), directive.group(2)
                if kind == "if":
                    value = Condition(condition, debug).evaluate()
                    stack.append([value, value, active])
                    active = active and value
                elif kind == "elseif":
                    frame = stack[-1]
                    value = not frame[1] and Condition(condition, debug).evaluate()
                    frame[0], frame[1] = value, frame[1] or value
                    active = frame[2] and value
                elif kind == "else":
                    frame = stack[-1]
                    frame[0], frame[1] = not frame[1], True
                    active = frame[2] and frame[0]
                else:
                    frame = stack.pop()
                    active = frame[2]
                continue
            if active:
                yield number, re.sub(r"//.*$", "", line)


def findings(closure, root):
    problems = []
    for name in sorted(closure):
        if name in TOOLING:
            problems.append(f"Package.swift: {name} is a module of the Mac tooling, and the "
                            f"iOS products depend on it")
            continue
        folder = os.path.join(root, closure[name].get("path") or f"Sources/{name}")
        for directory, _, files in os.walk(folder):
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                path = os.path.join(directory, file)
                shown = os.path.relpath(path, root)
                lines = set()
                for debug in (True, False):
                    lines |= set(active_lines(path, debug))
                for number, text in sorted(lines):
                    imported = IMPORT.match(text)
                    if imported and imported.group(1) not in IOS_MODULES | set(closure):
                        problems.append(f"{shown}:{number}: imports {imported.group(1)}, which "
                                        "iOS has no module for")
                    for pattern, what in FORBIDDEN:
                        if pattern.search(text):
                            problems.append(f"{shown}:{number}: {what}: {text.strip()}")
    return problems


def self_test(closure):
    """Adds `Process()` to a copy of Multipart and expects the check to find it."""
    with tempfile.TemporaryDirectory() as scratch:
        for name, target in closure.items():
            folder = target.get("path") or f"Sources/{name}"
            subprocess.run(["mkdir", "-p", os.path.join(scratch, os.path.dirname(folder))], check=True)
            subprocess.run(["cp", "-R", os.path.join(ROOT, folder), os.path.join(scratch, folder)],
                           check=True)
        planted = os.path.join(scratch, "Sources/Multipart/MultipartBoundary.swift")
        with open(planted, "a", encoding="utf-8") as file:
            file.write("\nfunc launch() { let process = Process(); _ = process }\n")
        found = findings(closure, scratch)
        expected = [f for f in found if "MultipartBoundary.swift" in f and "Process" in f]
        if len(found) != 1 or len(expected) != 1:
            print(f"self-test failed: Process() planted in Multipart gave {found}", file=sys.stderr)
            return 1
        print(f"self-test: the check fails on Process() in Multipart: {expected[0]}")
        return 0


def main():
    closure = ios_closure(package())
    if "--self-test" in sys.argv:
        return self_test(closure)
    problems = findings(closure, ROOT)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"check-portable: {len(problems)} uses of what iOS lacks in the products "
              f"{', '.join(PRODUCTS)}", file=sys.stderr)
        return 1
    print(f"check-portable: {len(closure)} targets of {', '.join(PRODUCTS)} use nothing iOS lacks "
          f"({', '.join(sorted(closure))})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
