"""`reftag serve`: the parser as an HTTP service and a web page to correct its labels.

Starlette and uvicorn come with the optional extra `reftag[serve]`; without them this
package cannot import, and the `serve` command says which extra to install.
"""

try:
    import starlette  # noqa: F401
    import uvicorn  # noqa: F401
except ImportError as error:  # pragma: no cover - depends on the install
    raise ImportError(f"reftag serve needs the serve extra ({error.name} is missing): "
                      "pip install 'reftag[serve]'") from None
