"""The service's OpenAPI 3.1 description, served at /api/openapi.json.

Written out rather than generated: the bodies are raw text, JSON, JSON Lines or PDF, which
a schema generator reading handler signatures could not describe.
"""

from .limits import Limits
from .output import FORMATS, MEDIA_TYPES

ERROR = {"$ref": "#/components/schemas/Error"}


def _errors(*statuses: int) -> dict:
    meanings = {400: "bad input", 413: "too large (see the limits)",
                415: "a content type this route does not read", 501: "format not installed",
                503: "no model, or the request ran out of time"}
    return {str(status): {"description": meanings[status],
                          "content": {"application/json": {"schema": ERROR}}}
            for status in statuses}


def _records(description: str) -> dict:
    content = {media: {"schema": {"type": "string"}} for media in sorted(set(MEDIA_TYPES.values()))}
    content["application/json"] = {"schema": {"type": "array",
                                              "items": {"$ref": "#/components/schemas/Record"}}}
    skipped = {"description": "csl, bibtex, ris: the records given no entry (failed, not a "
                              "reference), e.g. '4 not_reference, 5 error'",
               "schema": {"type": "string"}}
    return {"200": {"description": description, "content": content,
                    "headers": {"Reftag-Skipped": skipped}}}


FORMAT_PARAMETER = {
    "name": "format", "in": "query", "required": False,
    "schema": {"type": "string", "enum": list(FORMATS), "default": "json"},
    "description": "json (the output contract), jsonl, csl (CSL-JSON), bibtex, ris, xml "
                   "(AnyStyle tagged XML) or spans (the JSON Lines `reftag train` reads)",
}


def schema(limits: Limits) -> dict:
    return {
        "openapi": "3.1.0",
        "info": {"title": "reftag", "version": "1",
                 "description": "Tag the fields of bibliographic references. Limits of this "
                                f"server: {limits.to_dict()}."},
        "paths": {
            "/api/health": {"get": {
                "summary": "Service status and the model's summary",
                "responses": {"200": {"description": "serving",
                                      "content": {"application/json": {"schema": {
                                          "$ref": "#/components/schemas/Health"}}}},
                              **_errors(503)}}},
            "/api/model": {"get": {
                "summary": "The model's labels, training files, parameters and scores",
                "responses": {"200": {"description": "from the model's manifest",
                                      "content": {"application/json": {"schema": {
                                          "type": "object"}}}},
                              **_errors(503)}}},
            "/api/labels": {"get": {
                "summary": "Every label, with the colour the page and the terminal give it",
                "responses": {"200": {"description": "labels and colours", "content": {
                    "application/json": {"schema": {"type": "object"}}}}}}},
            "/api/parse": {"post": {
                "summary": "Parse references: one record per input, in order",
                "parameters": [FORMAT_PARAMETER],
                "requestBody": {"required": True, "content": {
                    "text/plain": {"schema": {"type": "string"},
                                   "description": "one reference a line, UTF-8"},
                    "application/json": {"schema": {"type": "array",
                                                    "items": {"type": "string"}}},
                    "application/x-ndjson": {"schema": {"type": "string"},
                                             "description": 'each line a JSON string or '
                                                            '{"text": "..."}'}}},
                "responses": {**_records("the records"), **_errors(400, 413, 415, 501, 503)}}},
            "/api/find": {"post": {
                "summary": "Find the references in a document, then parse each",
                "parameters": [FORMAT_PARAMETER],
                "requestBody": {"required": True, "content": {
                    "text/plain": {"schema": {"type": "string"}},
                    "application/pdf": {"schema": {"type": "string", "format": "binary"},
                                        "description": "when reftag[pdf] is installed"}}},
                "responses": {**_records("the records, each with start/end in the document"),
                              **_errors(400, 413, 415, 501, 503)}}},
            "/api/relabel": {"post": {
                "summary": "Records rebuilt from corrected token labels (fields, structure)",
                "parameters": [FORMAT_PARAMETER],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "array", "items": {"$ref": "#/components/schemas/Record"}}}}},
                "responses": {**_records("the records with the fields of their labels"),
                              **_errors(400, 413, 415, 501, 503)}}},
        },
        "components": {"schemas": {
            "Error": {"type": "object", "required": ["error"],
                      "properties": {"error": {"type": "string"}}},
            "Health": {"type": "object", "required": ["status"], "properties": {
                "status": {"type": "string", "enum": ["ok", "unavailable"]},
                "engine": {"type": ["string", "null"]},
                "model": {"type": ["object", "null"]}}},
            "Token": {"type": "object", "required": ["start", "end", "label"], "properties": {
                "text": {"type": "string"}, "start": {"type": "integer"},
                "end": {"type": "integer"}, "label": {"type": "string"},
                "p": {"type": "number"}}},
            "Record": {"type": "object", "required": ["raw"], "properties": {
                "raw": {"type": "string"},
                "fields": {"type": "object", "additionalProperties": {"type": "string"}},
                "authors": {"type": "array", "items": {"type": "object"}},
                "type": {"type": ["string", "null"]},
                "tokens": {"type": "array", "items": {"$ref": "#/components/schemas/Token"}},
                "confidence": {"type": "number"}, "engine": {"type": "string"},
                "error": {"type": "string"}, "start": {"type": "integer"},
                "end": {"type": "integer"}, "partial": {"type": "boolean"},
                "pdf_page": {"type": "integer", "description": "the PDF page it stands on"},
                "not_reference": {"type": "boolean", "description":
                                  "present (true) when the text does not look like a "
                                  "reference at all (tagger.text.likeness)"}}},
        }},
    }
