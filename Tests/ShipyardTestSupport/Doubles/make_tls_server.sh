#!/usr/bin/env bash
# Makes a test CA and an HTTPS server certificate it signs, for 127.0.0.1, in folder $1:
# ca.pem (the CA), server.pem and server.key (the server's certificate and key), and
# other-ca.pem (a second CA that signed nothing: trusting it alone must fail).
set -euo pipefail
cd "$1"
quiet() { "$@" 2>/dev/null; }
for ca in ca other-ca; do
  quiet openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=Shipyard test $ca" \
    -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign \
    -keyout "$ca.key" -out "$ca.pem"
done
quiet openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" -keyout server.key -out server.csr
printf '%s\n' "basicConstraints=CA:FALSE" "keyUsage=critical,digitalSignature,keyEncipherment" \
  "extendedKeyUsage=serverAuth" "subjectAltName=IP:127.0.0.1" > server.ext
quiet openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 \
  -extfile server.ext -out server.pem
