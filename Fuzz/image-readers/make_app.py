"""A copy of Examples/Hello.app whose executable is a Mach-O file, for `shipyard app sign` to sign.

usage: make_app.py <destination.app>

Hello.app's own executable is a shell script, which app signing refuses; apple-platform-py's
synthetic x86_64 executable takes its place.
"""
import os, shutil, sys

from apple_platform import macho

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
destination = sys.argv[1]
shutil.rmtree(destination, ignore_errors=True)
shutil.copytree(os.path.join(root, "Examples", "Hello.app"), destination, symlinks=True)
executable = os.path.join(destination, "Contents", "MacOS", "Hello")
with open(executable, "wb") as file:
    file.write(macho.create_synthetic("x86_64", "executable"))
os.chmod(executable, 0o755)
