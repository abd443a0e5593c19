#!/usr/bin/env bash
# Makes the test PKI in folder $1 with openssl: a root CA, a "Developer ID Certification Authority"
# intermediate (Apple's marker extension 1.2.840.113635.100.6.2.6), a "Developer ID Application"
# leaf (marker 1.2.840.113635.100.6.1.13, OU = team ID), an expired leaf, and a time-stamp
# authority (and one whose certificate expired in 2015); for the trust policy's refusals, a leaf without the Developer ID marker, a CA without
# it (plain-ca) with a Developer ID leaf under it, and a leaf whose marker is critical as Apple's
# are; a "Developer ID Installer" leaf (marker 1.2.840.113635.100.6.1.14 and extended key usage
# 1.2.840.113635.100.4.13, both critical as Apple's are) for installer packages; the identity exported as a modern and a -legacy (RC2/3DES) .p12, a PEM, and a .p12
# holding the certificate without its key. Password of the .p12 files: "test-password".
set -euo pipefail
cd "$1"
cat > ext.cnf <<'CNF'
[ca]
basicConstraints = critical, CA:true
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[intermediate]
basicConstraints = critical, CA:true, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
1.2.840.113635.100.6.2.6 = ASN1:NULL
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[leaf]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
extendedKeyUsage = critical, codeSigning
1.2.840.113635.100.6.1.13 = ASN1:NULL
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[plain_leaf]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
extendedKeyUsage = critical, codeSigning
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[plain_ca]
basicConstraints = critical, CA:true, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[critical_leaf]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
extendedKeyUsage = critical, codeSigning
1.2.840.113635.100.6.1.13 = critical, ASN1:NULL
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[installer_leaf]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
extendedKeyUsage = critical, 1.2.840.113635.100.4.13
1.2.840.113635.100.6.1.14 = critical, ASN1:NULL
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[tsa]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
extendedKeyUsage = critical, timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[tsa_config]
default_tsa = tsa_section
[tsa_section]
serial = tsa-serial
crypto_device = builtin
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = sha256
accuracy = secs:1
ordering = yes
tsa_name = no
ess_cert_id_chain = no
ess_cert_id_alg = sha256
[backdating_ca]
database = index.txt
new_certs_dir = .
certificate = intermediate.pem
private_key = intermediate.key
serial = ca-serial
default_md = sha256
policy = any_name
preserve = yes
[any_name]
commonName = supplied
organizationalUnitName = optional
organizationName = optional
countryName = optional
CNF
echo 01 > tsa-serial
echo 01 > ca-serial
: > index.txt
quiet() { "$@" 2>/dev/null; }
# The root and the Developer ID intermediate are valid from 2014, as Apple's were long before the
# signatures they anchor: what the backdated identities below signed in 2015 still chains.
quiet openssl req -new -newkey rsa:2048 -nodes -keyout root.key -out root.csr \
  -subj "/CN=Shipyard Test Root CA/O=Shipyard Test/C=US"
quiet openssl ca -batch -notext -selfsign -config ext.cnf -name backdating_ca \
  -keyfile root.key -extensions ca -startdate 20140101000000Z -enddate 20360101000000Z \
  -in root.csr -out root.pem
make_cert() { # name, subject, extension section, issuer, days or start/end
  quiet openssl req -new -newkey rsa:2048 -nodes -keyout "$1.key" -out "$1.csr" -subj "$2"
  quiet openssl x509 -req -in "$1.csr" -CA "$4.pem" -CAkey "$4.key" -CAcreateserial \
    -out "$1.pem" -extfile ext.cnf -extensions "$3" "${@:5}"
}
quiet openssl req -new -newkey rsa:2048 -nodes -keyout intermediate.key -out intermediate.csr \
  -subj "/CN=Shipyard Test Developer ID Certification Authority/OU=Shipyard Test CA/O=Shipyard Test/C=US"
quiet openssl ca -batch -notext -config ext.cnf -name backdating_ca -cert root.pem \
  -keyfile root.key -extensions intermediate \
  -startdate 20140101000000Z -enddate 20360101000000Z -in intermediate.csr -out intermediate.pem
make_cert leaf "/UID=TEAMID1234/CN=Developer ID Application: Shipyard Test (TEAMID1234)/OU=TEAMID1234/O=Shipyard Test/C=US" leaf intermediate -days 365
make_cert plain-leaf "/CN=Code Signing: Shipyard Test (TEAMID1234)/OU=TEAMID1234/O=Shipyard Test/C=US" plain_leaf intermediate -days 365
make_cert plain-ca "/CN=Shipyard Test Plain CA/O=Shipyard Test/C=US" plain_ca root -days 3650
make_cert plain-ca-leaf "/CN=Developer ID Application: Shipyard Test (TEAMID1234)/OU=TEAMID1234/O=Shipyard Test/C=US" leaf plain-ca -days 365
make_cert critical-leaf "/CN=Developer ID Application: Shipyard Test (TEAMID1234)/OU=TEAMID1234/O=Shipyard Test/C=US" critical_leaf intermediate -days 365
make_cert installer-leaf "/UID=TEAMID1234/CN=Developer ID Installer: Shipyard Test (TEAMID1234)/OU=TEAMID1234/O=Shipyard Test/C=US" installer_leaf intermediate -days 365
make_cert tsa "/CN=Shipyard Test Timestamp Authority/O=Shipyard Test/C=US" tsa root -days 3650
# An expired leaf: valid for one day in 2015 (openssl ca sets past dates; x509 cannot in 3.0).
quiet openssl req -new -newkey rsa:2048 -nodes -keyout expired.key -out expired.csr \
  -subj "/CN=Developer ID Application: Shipyard Test (TEAMID1234)/OU=TEAMID1234/O=Shipyard Test/C=US"
quiet openssl ca -batch -notext -config ext.cnf -name backdating_ca -extensions leaf \
  -startdate 20150101000000Z -enddate 20150102000000Z -in expired.csr -out expired.pem
# A time-stamp authority whose certificate lived six weeks of 2015, as Apple's live about six
# weeks: tokens it made then (under faketime) must still hold today.
quiet openssl req -new -newkey rsa:2048 -nodes -keyout expired-tsa.key -out expired-tsa.csr \
  -subj "/CN=Shipyard Test Timestamp Authority 2015/O=Shipyard Test/C=US"
quiet openssl ca -batch -notext -config ext.cnf -name backdating_ca -cert root.pem \
  -keyfile root.key -extensions tsa \
  -startdate 20150101000000Z -enddate 20150212000000Z -in expired-tsa.csr -out expired-tsa.pem
cat intermediate.pem root.pem > chain.pem
openssl pkcs12 -export -inkey leaf.key -in leaf.pem -certfile chain.pem -name "Shipyard Test" \
  -passout pass:test-password -out identity.p12
openssl pkcs12 -export -legacy -inkey leaf.key -in leaf.pem -certfile chain.pem \
  -name "Shipyard Test" -passout pass:test-password -out identity-legacy.p12
openssl pkcs12 -export -nokeys -in leaf.pem -certfile chain.pem -passout pass:test-password \
  -out certificate-only.p12
cat leaf.pem chain.pem leaf.key > identity.pem
openssl pkcs12 -export -inkey expired.key -in expired.pem -certfile chain.pem \
  -passout pass:test-password -out expired.p12
for name in plain-leaf critical-leaf installer-leaf; do
  openssl pkcs12 -export -inkey "$name.key" -in "$name.pem" -certfile chain.pem \
    -passout pass:test-password -out "$name.p12"
done
cat plain-ca.pem root.pem > plain-ca-chain.pem
openssl pkcs12 -export -inkey plain-ca-leaf.key -in plain-ca-leaf.pem -certfile plain-ca-chain.pem \
  -passout pass:test-password -out plain-ca-leaf.p12
