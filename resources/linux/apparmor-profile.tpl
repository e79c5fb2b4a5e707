# AppArmor profile installed by the .deb and .rpm (electron-builder's after-install script, only
# where AppArmor supports ABI 4.0). Ubuntu 24.04 and later let only profiled programs create
# unprivileged user namespaces, which Chromium's sandbox needs; this profile grants that one right
# and confines nothing else, as the packages of other Electron apps do.
abi <abi/4.0>,
include <tunables/global>

profile "${executable}" "/opt/${sanitizedProductName}/${executable}" flags=(unconfined) {
  userns,

  # A site's own additions (see /etc/apparmor.d/local/README).
  include if exists <local/${executable}>
}
