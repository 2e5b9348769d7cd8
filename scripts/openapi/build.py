#!/usr/bin/env python3
"""Writes Sources/HealthServer/Resources/openapi.json, the OpenAPI 3.1 description of the server's API.

The document is data kept in this script for readability (comments, shared schemas); the committed JSON is what
the server serves at /openapi.json and what schemathesis fuzzes. `--check` fails when the JSON is not current
(scripts/lint runs it); HealthServerTests checks that every route the server has is documented and the reverse.
"""
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "Sources" / "HealthServer" / "Resources" / "openapi.json"



def identifiers(kind):
    """HealthCore's identifier strings of a kind (QuantityTypeIdentifier(rawValue: "HK…")), sorted."""
    found = set()
    for path in (ROOT / "Sources" / "HealthCore" / "Types" / "Identifiers").glob(f"{kind}TypeIdentifier*.swift"):
        found.update(re.findall(rf'{kind}TypeIdentifier\(\s*rawValue:\s*"(HK\w+)"\)', path.read_text()))
    return sorted(found)


# The sample types the API speaks (HealthServer's Query.isKnown; OpenAPIConformanceTests keeps the two equal).
QUANTITY_IDS = identifiers("Quantity")
SAMPLE_TYPE_IDS = sorted(QUANTITY_IDS + identifiers("Category") + identifiers("Correlation") + [
    "HKWorkoutTypeIdentifier", "HKWorkoutRouteTypeIdentifier", "HKDataTypeIdentifierHeartbeatSeries",
    "HKDataTypeIdentifierAudiogram", "HKDataTypeIdentifierElectrocardiogram"])
TYPE_ID = {"$ref": "#/components/schemas/SampleTypeIdentifier"}
QUANTITY_ID = {"$ref": "#/components/schemas/QuantityTypeIdentifier"}
TYPE_ID_SCHEMA = {"type": "string", "enum": SAMPLE_TYPE_IDS,
           "description": "A HealthKit sample type identifier (GET /v1/types lists them)",
           "examples": ["HKQuantityTypeIdentifierStepCount"]}
QUANTITY_ID_SCHEMA = {"type": "string", "enum": QUANTITY_IDS, "description": "A HealthKit quantity type identifier",
               "examples": ["HKQuantityTypeIdentifierStepCount"]}
ANCHOR = {"type": "integer", "minimum": 0, "maximum": 9223372036854775807}
DATE = {"type": "string", "format": "date-time", "examples": ["2025-06-01T08:00:00Z"]}
UUID = {"type": "string", "format": "uuid"}


def ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


def problem_response(description):
    return {"description": description, "content": {"application/problem+json": {"schema": ref("Problem")}}}


def json_response(description, schema):
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def body(schema, required=True):
    return {"required": required, "content": {"application/json": {"schema": schema}}}


def query(name, schema, description, required=False):
    return {"name": name, "in": "query", "required": required, "schema": schema, "description": description}


COMMON_ERRORS = {
    "400": problem_response("The request does not make sense (a field, index or rule is named)"),
    "401": problem_response("No usable bearer token"),
    "403": problem_response("The token may not do this (HealthKit's code in `code`)"),
    "413": problem_response("The body is too large"),
    "429": problem_response(
        "Too many requests for this token, or too many failed authentications from this address; see Retry-After"),
    "503": problem_response("The person's store is unavailable for now (or, for an upload, the server holds as many "
                            "uploads as it may); see Retry-After"),
}


def op(summary, op_id, responses, parameters=None, request=None, tags=None):
    operation = {"summary": summary, "operationId": op_id, "responses": {**responses, **COMMON_ERRORS},
                 "security": [{"bearer": []}], "tags": tags or []}
    if parameters:
        operation["parameters"] = parameters
    if request:
        operation["requestBody"] = request
    return operation


TYPES_PARAM = {"name": "type", "in": "query", "required": True, "style": "form", "explode": True,
               "schema": {"type": "array", "items": TYPE_ID, "minItems": 1, "maxItems": 20},
               "description": "One or more type identifiers (repeat the parameter or separate with commas)"}
WINDOW = [
    query("start", DATE, "Samples overlapping from this instant"),
    query("end", DATE, "… to this instant"),
    query("strictStart", {"type": "boolean"}, "The sample must start inside the window"),
    query("strictEnd", {"type": "boolean"}, "The sample must end inside the window"),
]
LIMIT = query("limit", {"type": "integer", "minimum": 1, "maximum": 1000}, "Page size (default 100)")
UUID_PATH = {"name": "uuid", "in": "path", "required": True, "schema": UUID}
STAT_OPTIONS = {"name": "options", "in": "query", "style": "form", "explode": False, "required": False,
                "schema": {"type": "array", "items": {"enum": ["sum", "average", "min", "max", "mostRecent",
                                                                "duration"]}},
                "description": "Statistics to compute (default: sum for cumulative types; min, max, average)"}
QUANTITY_TYPE_PARAM = query("type", QUANTITY_ID, "A quantity type identifier", required=True)

SCHEMAS = {
    "SampleTypeIdentifier": TYPE_ID_SCHEMA,
    "QuantityTypeIdentifier": QUANTITY_ID_SCHEMA,
    "Problem": {"type": "object", "required": ["type", "title", "status", "detail"], "properties": {
        "type": {"type": "string"}, "title": {"type": "string"}, "status": {"type": "integer"},
        "detail": {"type": "string"}, "instance": {"type": "string"},
        "code": {"type": "integer", "description": "HealthKit's error code (HKError.Code)"}}},
    "Quantity": {"type": "object", "required": ["value", "unit"], "properties": {
        "value": {"type": "number"}, "unit": {"type": "string", "maxLength": 100, "examples": ["count"]}}},
    "Source": {"type": "object", "required": ["name", "bundleIdentifier"], "properties": {
        "name": {"type": "string"}, "bundleIdentifier": {"type": "string"}, "version": {"type": "string"},
        "productType": {"type": "string"}, "operatingSystemVersion": {"type": "string"}}},
    "Device": {"type": "object", "properties": {k: {"type": "string", "maxLength": 200} for k in [
        "name", "manufacturer", "model", "hardwareVersion", "firmwareVersion", "softwareVersion",
        "localIdentifier", "udiDeviceIdentifier"]}},
    "Metadata": {"type": "object", "additionalProperties": {"oneOf": [
        {"type": "string"}, {"type": "number"}, {"type": "boolean"},
        {"type": "object", "required": ["date"], "properties": {"date": DATE}},
        ref("Quantity")]}},
    "WorkoutEvent": {"type": "object", "required": ["type", "startDate"], "properties": {
        "type": {"type": "string", "examples": ["pause"]}, "startDate": DATE, "endDate": DATE}},
    "Sample": {"type": "object", "required": ["uuid", "type", "kind", "startDate", "endDate"], "properties": {
        "uuid": UUID, "type": {"type": "string"},
        "kind": {"enum": ["quantity", "category", "correlation", "workout", "workoutRoute", "heartbeatSeries",
                          "electrocardiogram", "clinicalRecord"]},
        "startDate": DATE, "endDate": DATE, "anchor": {"type": "integer"}, "quantity": ref("Quantity"),
        "seriesCount": {"type": "integer"}, "value": {"type": "integer"},
        "objects": {"type": "array", "items": ref("Sample")}, "activityType": {"type": "string"},
        "duration": {"type": "number"}, "events": {"type": "array", "items": ref("WorkoutEvent")},
        "statistics": {"type": "object", "additionalProperties": ref("WorkoutStatistics")},
        "workout": UUID, "locationCount": {"type": "integer"}, "source": ref("Source"), "device": ref("Device"),
        "beats": {"type": "array", "items": {"type": "object", "required": ["t"], "properties": {
            "t": {"type": "number"}, "gap": {"type": "boolean"}}}},
        "classification": {"type": "integer"}, "symptomsStatus": {"type": "integer"},
        "averageHeartRate": {"type": "number"}, "samplingFrequency": {"type": "number"},
        "voltageCount": {"type": "integer"}, "displayName": {"type": "string"},
        "fhirResource": {"type": "object", "properties": {
            "resourceType": {"type": "string"}, "identifier": {"type": "string"}, "fhirVersion": {"type": "string"},
            "sourceURL": {"type": "string"}}},
        "metadata": ref("Metadata")}},
    "WorkoutStatistics": {"type": "object", "properties": {
        k: ref("Quantity") for k in ["sum", "average", "minimum", "maximum", "mostRecent"]}},
    "SampleInput": {"type": "object", "required": ["type", "startDate"], "properties": {
        "uuid": UUID, "type": TYPE_ID, "startDate": DATE, "endDate": DATE, "quantity": ref("Quantity"),
        "value": {"type": "integer"}, "objects": {"type": "array", "maxItems": 50, "items": ref("SampleInput")},
        "activityType": {"type": "string", "maxLength": 100, "examples": ["running"]},
        "events": {"type": "array", "maxItems": 200, "items": ref("WorkoutEvent")},
        "device": ref("Device"), "metadata": ref("Metadata"), "source": ref("Source")}},
    "DeletedObject": {"type": "object", "required": ["uuid", "type", "anchor"], "properties": {
        "uuid": UUID, "type": {"type": "string"}, "anchor": {"type": "integer"}, "metadata": ref("Metadata")}},
    "Changes": {"type": "object", "required": ["added", "deleted", "anchor", "hasMore"], "properties": {
        "added": {"type": "array", "items": ref("Sample")},
        "deleted": {"type": "array", "items": ref("DeletedObject")},
        "anchor": {"type": "integer"}, "hasMore": {"type": "boolean"}}},
    "StatisticsValues": {"type": "object", "properties": {
        k: {"type": "number"} for k in ["sum", "average", "min", "max", "mostRecent", "duration"]}},
    "Statistics": {"allOf": [ref("StatisticsValues"), {"type": "object", "required": [
        "startDate", "endDate", "unit"], "properties": {
        "startDate": DATE, "endDate": DATE, "unit": {"type": "string"},
        "sources": {"type": "array", "items": {"allOf": [ref("StatisticsValues"), {"type": "object", "required": [
            "bundleIdentifier"], "properties": {"bundleIdentifier": {"type": "string"},
                                               "name": {"type": "string"}}}]}}}}]},
    "Webhook": {"type": "object", "required": ["id", "url", "types", "frequency", "created"], "properties": {
        "id": {"type": "string"}, "url": {"type": "string"}, "types": {"type": "array", "items": {"type": "string"}},
        "frequency": {"enum": ["immediate", "hourly", "daily", "weekly"]}, "created": DATE,
        "secret": {"type": "string", "description": "Only in the answer to its creation"}}},
}

PATHS = {
    "/healthz": {"get": {"summary": "Liveness", "operationId": "healthz", "security": [], "responses": {
        "200": json_response("The server runs", {"type": "object", "required": ["status"],
                                                 "properties": {"status": {"const": "ok"}}})}}},
    "/openapi.json": {"get": {"summary": "This document", "operationId": "openapi", "security": [], "responses": {
        "200": json_response("The OpenAPI document", {"type": "object"})}}},
    # The agent tools over MCP's streamable HTTP transport, answered with JSON (HealthMCP): the token is the agent's
    # app, with its grants. The MCP layer's own refusals are JSON-RPC errors (application/json).
    "/mcp": {"post": {
        "summary": "MCP (streamable HTTP, JSON answers): initialize, tools/list, tools/call",
        "operationId": "mcp", "security": [{"bearer": []}], "tags": ["agents"],
        "requestBody": body({"type": "object", "description": "One JSON-RPC 2.0 message (or a batch)"}),
        "responses": {
            "200": json_response("The JSON-RPC answer", {"type": "object"}),
            "202": {"description": "A notification or a response, accepted"},
            "400": {"description": "Not a JSON-RPC message, or an unsupported protocol version", "content": {
                "application/json": {"schema": {"type": "object"}},
                "application/problem+json": {"schema": ref("Problem")}}},
            "406": json_response("Accept does not include application/json", {"type": "object"}),
            "415": json_response("Content-Type is not application/json", {"type": "object"}),
            **{code: COMMON_ERRORS[code] for code in ("401", "413", "429", "503")},
        }}},
    "/v1/types": {"get": op("The types the server knows", "listTypes", {"200": json_response("Types", {
        "type": "object", "required": ["types"], "properties": {"types": {"type": "array", "items": {
            "type": "object", "required": ["identifier", "kind"], "properties": {
                "identifier": {"type": "string"}, "kind": {"type": "string"},
                "aggregationStyle": {"type": "string"}, "canonicalUnit": {"type": "string"},
                "appleComputed": {"type": "boolean"}}}}}})}, tags=["types"])},
    "/v1/authorization": {"post": op(
        "Ask for access (requestAuthorization(toShare:read:))", "requestAuthorization",
        {"200": json_response("Processed (or unnecessary for the person's own token)", {
            "type": "object", "required": ["status"], "properties": {"status": {"enum": ["processed", "unnecessary"]}}}),
         "202": json_response("Waiting for the person", {"type": "object", "required": ["status"],
                                                          "properties": {"status": {"const": "pending"}}})},
        request=body({"type": "object", "properties": {
            "share": {"type": "array", "maxItems": 500, "items": TYPE_ID},
            "read": {"type": "array", "maxItems": 500, "items": TYPE_ID}}}), tags=["authorization"])},
    "/v1/authorization/status": {"get": op(
        "Sharing status of a type (read access is never revealed)", "authorizationStatus",
        {"200": json_response("Status", {"type": "object", "required": ["type", "status"], "properties": {
            "type": {"type": "string"},
            "status": {"enum": ["notDetermined", "sharingDenied", "sharingAuthorized"]}}})},
        [query("type", TYPE_ID, "The type", required=True)], tags=["authorization"])},
    "/v1/authorization/pending": {"get": op(
        "Requests waiting for the person (the person's own token)", "pendingAuthorizations",
        {"200": json_response("Pending requests", {"type": "object", "required": ["pending"], "properties": {
            "pending": {"type": "array", "items": {"type": "object", "properties": {
                "app": {"type": "string"}, "share": {"type": "array", "items": {"type": "string"}},
                "read": {"type": "array", "items": {"type": "string"}}, "requested": DATE}}}}})},
        tags=["authorization"])},
    "/v1/authorization/decisions": {"post": op(
        "The person answers an app's request (the person's own token)", "decideAuthorization",
        {"200": json_response("Recorded", {"type": "object", "required": ["status"],
                                            "properties": {"status": {"const": "recorded"}}})},
        request=body({"type": "object", "required": ["app"], "properties": {
            "app": {"type": "string", "minLength": 1, "maxLength": 200, "pattern": "^[A-Za-z0-9._-]+$"}, **{k: {"type": "array", "maxItems": 500, "items": TYPE_ID}
                                                            for k in ["share", "read", "denyShare", "denyRead"]}}}),
        tags=["authorization"])},
    "/v1/samples": {
        "post": op("Save samples, all or nothing", "saveSamples", {"201": json_response("Saved", {
            "type": "object", "required": ["saved", "anchor"], "properties": {
                "saved": {"type": "array", "items": UUID}, "anchor": {"type": "integer"}}})},
            request=body({"type": "object", "required": ["samples"], "properties": {
                "samples": {"type": "array", "minItems": 1, "maxItems": 1000, "items": ref("SampleInput")}}}),
            tags=["samples"]),
        "get": op("Samples with HealthKit's predicates", "listSamples", {"200": json_response("A page", {
            "type": "object", "required": ["samples", "hasMore"], "properties": {
                "samples": {"type": "array", "items": ref("Sample")}, "hasMore": {"type": "boolean"},
                "nextCursor": {"type": "string"}}})},
            [TYPES_PARAM, *WINDOW,
             {"name": "source", "in": "query", "style": "form", "explode": True, "schema": {
                 "type": "array", "maxItems": 20, "items": {"type": "string", "maxLength": 200}},
              "description": "Only samples of these sources (bundle identifiers)"},
             query("sort", {"enum": ["startDate", "-startDate", "endDate", "-endDate"]}, "Order"), LIMIT,
             query("cursor", {"type": "string", "maxLength": 200}, "Continue after a page (startDate order)")],
            tags=["samples"])},
    "/v1/samples/{uuid}": {
        "parameters": [UUID_PATH],
        "get": op("One sample", "getSample", {"200": json_response("The sample", ref("Sample")),
                                               "404": problem_response("Not found (or not readable)")},
                  tags=["samples"]),
        "delete": op("Delete one of the app's samples", "deleteSample", {
            "204": {"description": "Deleted"}, "404": problem_response("Not found (or not readable)")},
            tags=["samples"])},
    "/v1/samples/delete": {"post": op("Delete the app's samples of a type in a window", "deleteSamples", {
        "200": json_response("Deleted", {"type": "object", "required": ["deleted"],
                                         "properties": {"deleted": {"type": "integer"}}})},
        request=body({"type": "object", "required": ["type"], "properties": {
            "type": TYPE_ID, "start": DATE, "end": DATE}}), tags=["samples"])},
    "/v1/changes": {"get": op("Changes after an anchor, in commit order", "listChanges", {
        "200": json_response("Changes", ref("Changes"))},
        [TYPES_PARAM, query("anchor", ANCHOR, "Where the previous answer ended"), LIMIT],
        tags=["samples"])},
    "/v1/statistics": {"get": op("Statistics of a window, merged by source priority", "statistics", {
        "200": json_response("Statistics", {"type": "object", "required": ["statistics"], "properties": {
            "statistics": ref("Statistics")}}), "404": problem_response("No data")},
        [QUANTITY_TYPE_PARAM, *WINDOW, STAT_OPTIONS, query("separateBySource", {"type": "boolean"}, "Per source too"),
         {"name": "sourceOrder", "in": "query", "style": "form", "explode": False, "schema": {
             "type": "array", "maxItems": 50, "items": {"type": "string", "maxLength": 200}},
          "description": "A merge order for this query only (bundle identifiers, highest first)"}],
        tags=["statistics"])},
    "/v1/statistics/collection": {"get": op("Statistics per calendar bucket", "statisticsCollection", {
        "200": json_response("Buckets", {"type": "object", "required": ["type", "unit", "interval", "timeZone",
                                                                       "buckets"], "properties": {
            "type": {"type": "string"}, "unit": {"type": "string"}, "interval": {"type": "string"},
            "timeZone": {"type": "string"}, "buckets": {"type": "array", "items": ref("Statistics")}}})},
        [QUANTITY_TYPE_PARAM, query("start", DATE, "First instant", required=True),
         query("end", DATE, "Last instant (exclusive)", required=True),
         query("interval", {"enum": ["hour", "day", "week", "month", "year"]}, "Bucket length (default day)"),
         query("anchor", DATE, "Any instant on the bucket grid (default start)"),
         query("timeZone", {"type": "string", "maxLength": 64, "examples": ["Europe/Berlin"]},
               "IANA time zone of the buckets (default UTC)"),
         STAT_OPTIONS, query("separateBySource", {"type": "boolean"}, "Per source too"),
         {"name": "sourceOrder", "in": "query", "style": "form", "explode": False, "schema": {
             "type": "array", "maxItems": 50, "items": {"type": "string", "maxLength": 200}},
          "description": "A merge order for this query only"}], tags=["statistics"])},
    "/v1/sources": {"get": op("Sources with their sample counts", "listSources", {
        "200": json_response("Sources", {"type": "object", "required": ["sources"], "properties": {
            "sources": {"type": "array", "items": {"type": "object", "required": [
                "name", "bundleIdentifier", "samples"], "properties": {
                "name": {"type": "string"}, "bundleIdentifier": {"type": "string"},
                "samples": {"type": "integer"}, "productType": {"type": "string"}}}}}})},
        [{**TYPES_PARAM, "required": False}], tags=["sources"])},
    "/v1/source-order/{type}": {
        "parameters": [{"name": "type", "in": "path", "required": True, "schema": QUANTITY_ID}],
        "get": op("The merge order of a quantity type", "getSourceOrder", {"200": json_response("Order", ref(
            "SourceOrder"))}, tags=["sources"]),
        "put": op("Change the merge order (the person's own token)", "setSourceOrder", {
            "200": json_response("Order", ref("SourceOrder"))},
            request=body({"type": "object", "properties": {"order": {"type": ["array", "null"], "maxItems": 500,
                                                                     "items": {"type": "string", "maxLength": 200}}}}),
            tags=["sources"])},
    "/v1/workouts": {"get": op("Workouts", "listWorkouts", {"200": json_response("Workouts", {
        "type": "object", "required": ["workouts", "hasMore"], "properties": {
            "workouts": {"type": "array", "items": ref("Sample")}, "hasMore": {"type": "boolean"}}})},
        [*WINDOW, query("activityType", {"type": "string", "maxLength": 100}, "e.g. running"), LIMIT],
        tags=["workouts"])},
    "/v1/workouts/{uuid}": {"parameters": [UUID_PATH], "get": op("A workout", "getWorkout", {
        "200": json_response("The workout", ref("Sample")), "404": problem_response("Not found")},
        tags=["workouts"])},
    "/v1/workouts/{uuid}/route": {"parameters": [UUID_PATH], "get": op("A workout's route as GeoJSON", "getRoute", {
        "200": {"description": "GeoJSON", "content": {"application/geo+json": {"schema": {
            "type": "object", "required": ["type", "features"], "properties": {
                "type": {"const": "FeatureCollection"}, "features": {"type": "array"}}}}}},
        "404": problem_response("Not found")}, tags=["workouts"])},
    "/v1/activity-summaries": {"get": op("Activity rings per day", "listActivitySummaries", {
        "200": json_response("Summaries", {"type": "object", "required": ["activitySummaries"], "properties": {
            "activitySummaries": {"type": "array", "items": {"type": "object"}}}})},
        [query("from", {"type": "string", "format": "date"}, "First day"),
         query("to", {"type": "string", "format": "date"}, "Last day")], tags=["summaries"])},
    "/v1/characteristics": {"get": op("The person's characteristics (readable ones)", "characteristics", {
        "200": json_response("Characteristics", {"type": "object"})}, tags=["summaries"])},
    "/v1/import": {"post": op("Import an export.zip (the person's own token)", "importExport", {
        "202": json_response("Started", {"type": "object", "required": ["job", "status"], "properties": {
            "job": {"type": "string"}, "status": {"const": "running"}}}),
        "409": problem_response("An import of this person is running or uploading (refused before the body is read)")},
        request={"required": True, "content": {
            "application/zip": {"schema": {"type": "string", "format": "binary"}},
            "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}},
        tags=["import"])},
    "/v1/import/{job}": {"parameters": [{"name": "job", "in": "path", "required": True, "schema": {
        "type": "string", "maxLength": 64}}], "get": op("An import's progress or report", "importStatus", {
        "200": json_response("Job", {"type": "object", "required": ["job", "status"], "properties": {
            "job": {"type": "string"}, "status": {"enum": ["running", "finished", "failed"]}, "started": DATE,
            "progress": {"type": "object"}, "report": {"type": "object"}, "problem": {"type": "object"}}}),
        "404": problem_response("No such job")}, tags=["import"])},
    "/v1/export": {"get": op("The store as export.zip (the person's own token)", "exportStore", {
        "200": {"description": "export.zip", "content": {"application/zip": {"schema": {
            "type": "string", "format": "binary"}}}}}, tags=["import"])},
    "/v1/events": {"get": op("Changes as Server-Sent Events", "events", {
        "200": {"description": "An event stream (id = anchor; Last-Event-ID resumes)", "content": {
            "text/event-stream": {"schema": {
                "description": "One event: `change` (data: the Changes after the previous event) or `error`",
                "type": "object", "required": ["data"], "properties": {
                    "id": {"type": "string", "pattern": "^[0-9]+$"}, "event": {"enum": ["change", "error"]},
                    "data": {"type": "string", "contentMediaType": "application/json"}}}}}}},
        [TYPES_PARAM, query("lastEventId", ANCHOR, "Resume after this event id"),
         {"name": "Last-Event-ID", "in": "header", "required": False, "schema": ANCHOR}],
        tags=["events"])},
    "/v1/webhooks": {
        "post": op("Register a webhook", "createWebhook", {"201": json_response("Created", ref("Webhook"))},
                   request=body({"type": "object", "required": ["url", "types"], "properties": {
                       "url": {"type": "string", "maxLength": 2048, "format": "uri"},
                       "types": {"type": "array", "minItems": 1, "maxItems": 100, "items": TYPE_ID},
                       "frequency": {"enum": ["immediate", "hourly", "daily", "weekly"]}}}), tags=["webhooks"]),
        "get": op("The app's webhooks", "listWebhooks", {"200": json_response("Webhooks", {
            "type": "object", "required": ["webhooks"], "properties": {
                "webhooks": {"type": "array", "items": ref("Webhook")}}})}, tags=["webhooks"])},
    "/v1/webhooks/{id}": {"parameters": [{"name": "id", "in": "path", "required": True, "schema": {
        "type": "string", "maxLength": 64}}], "delete": op("Remove a webhook", "deleteWebhook", {
        "204": {"description": "Removed"}, "404": problem_response("No such webhook")}, tags=["webhooks"])},
}
SCHEMAS["SourceOrder"] = {"type": "object", "required": ["type", "order"], "properties": {
    "type": {"type": "string"}, "order": {"type": "array", "items": {"type": "string"}}}}

# Phone sync (decision 0031, docs/sync.md): a device's mirror token only. A sample that does not match
# SyncSampleInput is not a 400: it is an item of the batch, reported in the reply's problems by its index.
SCHEMAS["SyncSampleInput"] = {"allOf": [ref("SampleInput"), {
    "type": "object", "required": ["uuid", "source"], "properties": {"uuid": UUID, "source": ref("Source")}}],
    "description": "The API's sample with its uuid and source required, kept as sent (the phone's source "
                   "revision and device). One that cannot be read or stored is a problem of the reply, never a 400"}
SCHEMAS["SyncProblem"] = {"type": "object", "required": ["list", "index", "problem"], "properties": {
    "list": {"enum": ["samples", "deleted"]}, "index": {"type": "integer", "minimum": 0}, "uuid": UUID,
    "problem": {"type": "string"}}}
SCHEMAS["SyncConflict"] = {"type": "object", "required": ["index", "uuid"], "properties": {
    "index": {"type": "integer", "minimum": 0}, "uuid": UUID}}
SYNC_COUNTS = ["inserted", "duplicates", "deleted", "alreadyDeleted", "rejected"]
SCHEMAS["SyncReply"] = {
    "type": "object", "required": ["batch", "anchor", *SYNC_COUNTS, "problems", "conflicts"], "properties": {
        "batch": {"type": "string"}, "anchor": {"type": "integer"},
        **{k: {"type": "integer", "minimum": 0} for k in SYNC_COUNTS},
        "problems": {"type": "array", "items": ref("SyncProblem")},
        "conflicts": {"type": "array", "items": ref("SyncConflict")}, "phoneAnchor": {"type": "string"}}}
SCHEMAS["SyncTypeStatus"] = {
    "type": "object", "required": ["type", "lastBatch", "lastBatchAt", *SYNC_COUNTS, "conflicts", "batches"],
    "properties": {
        "type": {"type": "string"}, "phoneAnchor": {"type": "string"}, "lastBatch": {"type": "string"},
        "lastBatchAt": DATE, **{k: {"type": "integer", "minimum": 0} for k in [*SYNC_COUNTS, "conflicts", "batches"]},
        "lastProblem": {"type": "string"}, "lastProblemAt": DATE}}
MIRROR_ONLY = problem_response("Not a device's mirror token: only mirror tokens reach /v1/sync (and they reach "
                               "nothing else)")
SYNC_BATCH = op(
    "Apply a device's sync batch: once per batch id, every refused item named", "applySyncBatch",
    {"200": json_response("Applied (or applied before: the stored reply)", ref("SyncReply")),
     "415": problem_response("Content-Encoding is neither gzip nor identity")},
    [{"name": "Content-Encoding", "in": "header", "required": False, "schema": {"enum": ["gzip", "identity"]},
      "description": "gzip: the body is inflated within maxSyncBodyBytes (a damaged stream is a 400)"}],
    body({"type": "object", "required": ["batch", "type"], "properties": {
        "batch": {"type": "string", "pattern": "^[A-Za-z0-9._:-]{1,128}$",
                  "description": "The batch id, unique per device: a batch id applied before gets its stored reply"},
        "type": TYPE_ID,
        "samples": {"type": "array", "items": ref("SyncSampleInput")},
        "deleted": {"type": "array", "items": {"type": "object", "required": ["uuid", "type"], "properties": {
            "uuid": UUID, "type": TYPE_ID}}},
        "phoneAnchor": {"type": "string", "maxLength": 4096,
                        "description": "The device's own anchor after this batch (at most 4,096 bytes), opaque to "
                                       "the server; kept in the status and echoed in the reply"},
        "device": {"type": "string", "description": "When given, the token's device"}}}),
    tags=["sync"])
SYNC_BATCH["responses"].update({
    "400": problem_response("The batch's own fields are malformed (not JSON, nested or a string past the JSON "
                            "limits, no or a malformed batch id, an unknown type, samples not an array, a deletion's "
                            "uuid or type, another device, a damaged gzip body): nothing is applied"),
    "403": MIRROR_ONLY,
    "413": problem_response("More than maxSyncBatchItems (5,000) samples and deletions, or a body larger than "
                            "maxSyncBodyBytes (32 MiB) as sent or inflated: nothing is applied"),
})
SYNC_STATUS = op("The device's sync status per type", "syncStatus", {"200": json_response("Status", {
    "type": "object", "required": ["device", "types"], "properties": {
        "device": {"type": "string"}, "types": {"type": "array", "items": ref("SyncTypeStatus")}}})},
    tags=["sync"])
SYNC_STATUS["responses"]["403"] = MIRROR_ONLY
PATHS["/v1/sync/batches"] = {"post": SYNC_BATCH}
PATHS["/v1/sync/status"] = {"get": SYNC_STATUS}

DOCUMENT = {
    "openapi": "3.1.0",
    "info": {"title": "OpenHealthKit server", "version": "1.0.0", "description": (
        "HealthKit over HTTP for many people and apps. Every request carries a bearer token that belongs to one "
        "person: the person's own token (full access), an app's (HealthKit's per-type permissions) or a device's "
        "mirror token (`/v1/sync` only, docs/sync.md). Errors are application/problem+json (RFC 9457). Dates are "
        "RFC 3339.")},
    "servers": [{"url": "http://127.0.0.1:8080"}],
    "components": {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}, "schemas": SCHEMAS},
    "security": [{"bearer": []}],
    "paths": PATHS,
}


def nullable_optionals(schema):
    """Request bodies are decoded with null meaning absent: say so for every optional property."""
    if not isinstance(schema, dict) or schema.get("type") != "object":
        return schema
    required = set(schema.get("required", []))
    for name, value in schema.get("properties", {}).items():
        if name not in required and not (isinstance(value.get("type"), list) and "null" in value["type"]):
            schema["properties"][name] = {"anyOf": [value, {"type": "null"}]}
    return schema


def main():
    for item in PATHS.values():
        for operation in item.values():
            if isinstance(operation, dict) and "requestBody" in operation:
                for media in operation["requestBody"]["content"].values():
                    nullable_optionals(media.get("schema"))
    nullable_optionals(SCHEMAS["SampleInput"])
    text = json.dumps(DOCUMENT, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    if "--check" in sys.argv:
        if not OUT.exists() or OUT.read_text() != text:
            print(f"openapi: {OUT.relative_to(ROOT)} is not current; run scripts/openapi/build.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text)
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
