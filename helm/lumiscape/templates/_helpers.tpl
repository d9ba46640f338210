{{/* Names and labels, as `helm create` makes them. */}}
{{- define "lumiscape.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "lumiscape.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "lumiscape.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{ include "lumiscape.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "lumiscape.selectorLabels" -}}
app.kubernetes.io/name: {{ include "lumiscape.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "lumiscape.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) }}
{{- end }}

{{- define "lumiscape.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "lumiscape.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* The Secret of signing key, database URL and admin password. */}}
{{- define "lumiscape.secretName" -}}
{{- default (printf "%s-secrets" (include "lumiscape.fullname" .)) .Values.secrets.existingSecret }}
{{- end }}

{{/* The Secret of services.creds and authority.json, or nothing when NATS has no auth. */}}
{{- define "lumiscape.natsSecretName" -}}
{{- if .Values.nats.existingSecret }}
{{- .Values.nats.existingSecret }}
{{- else if or .Values.nats.servicesCreds .Values.nats.authority }}
{{- printf "%s-nats" (include "lumiscape.fullname" .) }}
{{- end }}
{{- end }}

{{/* Refuses to render without the secrets a deployment needs: there is no default. */}}
{{- define "lumiscape.requireSecrets" -}}
{{- if not .Values.secrets.existingSecret }}
{{- if lt (len .Values.secrets.signingKey) 32 }}
{{- fail "secrets.signingKey (at least 32 bytes) or secrets.existingSecret is required: there is no default signing key" }}
{{- end }}
{{- if not .Values.secrets.databaseUrl }}
{{- fail "secrets.databaseUrl or secrets.existingSecret is required (PostgreSQL is external)" }}
{{- end }}
{{- if and .Values.migration.enabled .Values.migration.seed (not .Values.secrets.adminPassword) }}
{{- fail "secrets.adminPassword is required by migration.seed (or set migration.seed = false)" }}
{{- end }}
{{- end }}
{{- if not (include "lumiscape.natsSecretName" .) }}
{{- fail "nats.existingSecret, or nats.servicesCreds and nats.authority, are required: lighting issues gateway credentials with authority.json (lumiscape nats-auth)" }}
{{- end }}
{{- end }}

{{/*
A value of lumiscape.toml. Helm reads every number of the values as a float, and toToml would
write 16 as 16.0, which the binary refuses for an integer setting; whole numbers are written
as integers here. Tables are inline, so the file is one `key = value` line per section.
*/}}
{{- define "lumiscape.tomlValue" -}}
{{- $v := . -}}
{{- if kindIs "map" $v -}}
{ {{- range $i, $k := keys $v | sortAlpha }}{{ if $i }}, {{ end }}{{ $k }} = {{ include "lumiscape.tomlValue" (index $v $k) }}{{ end }} }
{{- else if kindIs "slice" $v -}}
[{{ range $i, $e := $v }}{{ if $i }}, {{ end }}{{ include "lumiscape.tomlValue" $e }}{{ end }}]
{{- else if kindIs "string" $v -}}
{{ toJson $v }}
{{- else if kindIs "bool" $v -}}
{{ $v }}
{{- else if and (kindIs "float64" $v) (eq $v (floor $v)) -}}
{{ int64 $v }}
{{- else -}}
{{ $v }}
{{- end -}}
{{- end }}

{{/* The services a mode runs: their Deployments, each with its gRPC port (0: none). */}}
{{- define "lumiscape.grpcPorts" -}}
identity: 50051
project: 50052
lighting: 50053
alarm: 50054
maintenance: 50056
bridge: 50055
edge: 0
{{- end }}

{{/* The environment of a service process; `target` is its name, or "all". */}}
{{- define "lumiscape.env" -}}
{{- $root := .root -}}
{{- $target := .target -}}
{{- $full := include "lumiscape.fullname" $root -}}
{{- $ports := include "lumiscape.grpcPorts" $root | fromYaml -}}
- name: LUMISCAPE_CONFIG
  value: /etc/lumiscape/lumiscape.toml
- name: LUMISCAPE_NATS_URL
  value: {{ $root.Values.nats.url | quote }}
- name: LUMISCAPE_NATS_PREFIX
  value: {{ $root.Values.nats.prefix | quote }}
- name: LUMISCAPE_NATS_CREDENTIALS
  value: /etc/lumiscape/nats/services.creds
{{- if has $target (list "all" "lighting") }}
- name: LUMISCAPE_NATS_AUTHORITY
  value: /etc/lumiscape/nats/authority.json
{{- end }}
- name: LUMISCAPE_SIGNING_KEY
  valueFrom:
    secretKeyRef: {name: {{ include "lumiscape.secretName" $root }}, key: signing-key}
{{- if has $target (list "all" "identity" "project" "lighting" "alarm") }}
- name: LUMISCAPE_DATABASE_URL
  valueFrom:
    secretKeyRef: {name: {{ include "lumiscape.secretName" $root }}, key: database-url}
{{- end }}
{{- if has $target (list "all" "edge") }}
- name: LUMISCAPE_HTTP_LISTEN
  value: "0.0.0.0:8080"
- name: LUMISCAPE_HTTP__OPS_LISTEN
  value: "0.0.0.0:9090"
{{- else }}
# Without the edge, health and metrics are served on the HTTP address.
- name: LUMISCAPE_HTTP_LISTEN
  value: "0.0.0.0:9090"
{{- end }}
{{- if ne $target "all" }}
{{- range $service, $port := $ports }}
{{- if $port }}
{{- if eq $service $target }}
- name: LUMISCAPE_GRPC__{{ upper $service }}_LISTEN
  value: "0.0.0.0:{{ $port }}"
{{- end }}
- name: LUMISCAPE_GRPC__{{ upper $service }}_URL
  value: "http://{{ $full }}-{{ $service }}:{{ $port }}"
{{- end }}
{{- end }}
{{- end }}
{{- end }}
