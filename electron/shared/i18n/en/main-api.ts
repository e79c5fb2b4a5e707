// What main says about the vehicle service and the image hosts: each endpoint's doing (the words every
// message about it uses), the service's refusals by status, the network and TLS failures on the way,
// the rate limit's waits, and the token read for each call (electron/main/api).
export const mainApi = {
  'api.doing.releaseNotes': 'reading release notes',
  'api.doing.setPlate': 'setting the plate',
  'api.doing.setDriveTag': 'tagging drives',
  'api.doing.command': 'the command',
  'api.doing.accountVehicles': "listing the account's vehicles",
  'api.doing.state': "reading the vehicle's state",
  'api.doing.wake': 'waking the vehicle',
  'api.doing.drivers': 'reading the drivers',
  'api.doing.removeDriver': 'removing a driver',
  'api.doing.invitations': 'reading the invitations',
  'api.doing.createInvitation': 'creating an invitation',
  'api.doing.revokeInvitation': 'revoking an invitation',
  'api.doing.writeTelemetry': 'writing the telemetry configuration',
  'api.doing.deleteTelemetry': 'stopping telemetry',
  'api.doing.readTelemetry': 'reading the telemetry configuration',
  'api.doing.sleepState': 'reading whether the vehicle is asleep',
  'api.doing.plate': 'reading the plate',
  'api.doing.drives': 'reading the drives',
  'api.doing.firmwareAlerts': 'reading the firmware alerts',
  'api.doing.tyrePressures': 'reading the tyre pressures',
  'api.doing.batteryHealth': 'reading the battery health',
  'api.doing.battery': 'reading the battery pack',
  'api.doing.charges': 'reading the charging sessions',
  'api.doing.states': 'reading the state history',
  'api.doing.idles': 'reading the parked periods',
  'api.doing.lastIdleState': 'reading the last idle state',
  'api.doing.fleetBatteryHealth': 'reading the battery health of every vehicle',
  'api.doing.fleetStatus': 'checking which vehicles take signed commands',
  'api.doing.consumption': 'reading the consumption since the last charge',
  'api.doing.location': 'reading where the vehicle is',
  'api.doing.path': 'reading where the vehicle drove',
  'api.doing.weather': 'reading the weather where the vehicle is',
  'api.doing.setChargeCost': 'recording the cost of a charging session',
  'api.doing.image': 'loading an image',
  'api.sending': 'sending {command}',
  'api.sendingCommand': 'sending the command',
  'api.theCommand': 'The command',

  'api.note.command':
    'The command may or may not have reached the vehicle; check its state before sending it again.',
  'api.note.write': 'The change may or may not have been saved; check before trying again.',
  'api.serviceSaid': 'The service said: "{text}".',

  'api.unauthorized': 'The service rejected the API token (401). Check or replace the token in Settings.',
  'api.forbidden':
    'Vehicle {vin} has not granted this API token access (403). Ask the owner to share the vehicle with your account, or use another token.',
  'api.forbiddenNoVin':
    'This vehicle has not granted this API token access (403). Ask the owner to share the vehicle with your account, or use another token.',
  'api.noVehicleList':
    "The service at this address has no list of the account's vehicles (404). Check the base URL.",
  'api.noReleaseNotes':
    'The service knows no release notes for version {version} of VIN {vin}, or does not know the VIN (404). Check the VIN and the version.',
  'api.unknownVin': 'The service does not know VIN {vin} (404). Check the VIN.',
  'api.offline':
    'The vehicle is offline or asleep and could not be woken (408). Try again when it has connectivity.',
  'api.rateLimited': 'The service is limiting requests (429). {when}',
  'api.waitAMoment': 'Wait a moment and try again.',
  'api.waitAndRetry': 'Wait {seconds, number} s and try again.',
  'api.rejected': 'The service rejected {doing} ({status}).',
  'api.serverProblem': 'The service had a problem with {doing} ({status}).',
  'api.virtualKeyHint':
    'This is also what the service answers when the vehicle lacks the provider’s virtual key.',
  'api.tryLater': 'Try again later.',
  'api.otherStatus': 'The service answered {doing} with status {status}.',
  'api.notJson': 'The service answered {doing} with something that is not JSON.',
  'api.unexpectedShape':
    'The service answered {doing} with data of an unexpected shape{at, select, none {} other { (at {at})}}.',
  'api.busy': '{what} is already running for VIN {vin}; wait for it to finish.',
  'api.clientClosed': 'The API client was closed.',
  'api.tooLarge': 'The response was cut off: response larger than {size}.',
  'api.mib': '{n, number} MiB',
  'api.bytes': '{n, plural, one {# byte} other {# bytes}}',

  'api.image.notFound': 'The image was not found (404).',
  'api.image.forbidden': 'The image host refused access ({status}).',
  'api.image.rateLimited': 'The image host is limiting requests (429).',
  'api.image.serverProblem': 'The image host had a problem ({status}).',
  'api.image.rejected': 'The image host refused the request ({status}).',
  'api.image.otherStatus': 'The image host answered with status {status}.',
  'api.image.tooManyRedirects': 'The image host redirected too many times.',
  'api.image.urlEmpty': 'The image URL is empty',
  'api.image.notSvg': 'The image host sent data labelled SVG that is not an SVG image.',
  'api.image.notRaster':
    'The image host sent data labelled {type} that is not a PNG, JPEG, GIF or WebP image.',
  'api.image.notAnImage': 'The image host sent "{type}", not a PNG, JPEG, GIF, WebP or SVG image.',
  'api.image.noContentType': 'no content type',

  'api.net.refused': 'The connection to the {where, select, image {image host} other {service}} was refused',
  'api.net.hostNotFound': 'The service host name could not be found (DNS)',
  'api.net.hostNotLookedUp': 'The service host name could not be looked up (DNS)',
  'api.net.reset': 'The connection to the {where, select, image {image host} other {service}} was reset',
  'api.net.closed': 'The connection to the {where, select, image {image host} other {service}} was closed',
  'api.net.networkUnreachable': 'The network is unreachable',
  'api.net.hostUnreachable': 'The service host is unreachable',
  'api.net.connectTimedOut':
    'Connecting to the {where, select, image {image host} other {service}} timed out',
  'api.net.closedUnexpectedly':
    'The connection to the {where, select, image {image host} other {service}} was closed unexpectedly',
  'api.net.cutOff':
    'The connection to the {where, select, image {image host} other {service}} was cut off mid-answer',
  'api.net.malformed': 'The {where, select, image {image host} other {service}} sent a malformed HTTP answer',
  'api.net.failedWhile': '{failure} while {doing}. Check the network and the base URL.',
  'api.net.tls':
    'The secure connection to the {where, select, image {image host} other {service}} failed (certificate or TLS problem: {code}).',
  'api.net.failed':
    'The connection to the {where, select, image {image host} other {service}} failed ({code}).',
  'api.net.unexpected': 'Unexpected failure while {doing}.',
  'api.timeout':
    '{where, select, image {The image host} other {The service}} did not finish {doing} within {time}.',
  'api.seconds': '{n, number} s',
  'api.milliseconds': '{n, number} ms',

  'api.proxy.needsLogin':
    'The proxy {proxy} refused to connect to {host}: it asks for a user name and password (407) while {doing}. Put them in the proxy setting (http://user:password@{proxy}).',
  'api.proxy.couldNotConnect':
    'The proxy {proxy} could not connect to {host} ({status}){unreachable, select, yes { (the proxy could not resolve or reach {host})} other {}} while {doing}.',
  'api.proxy.unreachable':
    'The proxy {proxy} {why, select, refused {refused the connection} dns {could not be found (DNS)} other {could not be reached ({code})}} while {doing} at {host}. Check the proxy setting.',
  'api.certificate':
    "The certificate of {host}{proxied, select, yes { through the proxy {proxy}} other {}} {problem, select, expired {has expired} notYetValid {is not valid yet} otherHost {is for another host name} other {is not trusted: it is not signed by a certificate authority this computer trusts}} ({code}) while {doing}. If your network inspects secure connections with its own certificate, install that certificate in the system's certificate store.",
  'api.hostNotFound':
    'The host name {host} could not be found (DNS, {code}) while {doing}. Check the base URL and the network.',
  'api.hostRefused': '{host} refused the connection while {doing}. Check the base URL and the network.',

  'api.rate.notSent':
    "Not sent: the service's rate limit holds requests for another {wait}, longer than {doing} may wait ({allowed}). Try again in {wait}.",
  'api.rate.capped':
    'The service asked to wait {wait} ({field}), which the app does not keep: it waits at most {max, number} s at a time, then asks again.',
  'api.wait.seconds': '{n, number} s',
  'api.wait.minutes': '{n, number} min',
  'api.wait.hours': '{n, number} h',
  'api.wait.days': '{n, plural, one {# day} other {# days}}',
  'api.wait.forever': 'forever',

  'api.token.unreadable': 'The API token could not be read from the system keychain.',
  'api.token.missing': 'No API token is stored for this profile; add one in Settings',
  'api.token.cannotSend':
    'The stored API token contains characters that cannot be sent; replace it in Settings.',
  'api.token.badCharacters': 'token contains spaces or non-ASCII characters',

  'api.access.notOwner':
    "This API token is not the owner's of vehicle {vin} (403): only the owner's token can {what, select, listDrivers {list the drivers} removeDrivers {remove drivers} listInvitations {list invitations} inviteDrivers {invite drivers} revokeInvitations {revoke invitations} writeTelemetry {write the telemetry configuration} stopTelemetry {stop the telemetry} other {switch guest mode}}. Use the owner's token for this vehicle.",
  'api.access.gone':
    'The service knows no such {thing, select, driver {driver} other {invitation}} on VIN {vin}, or not the VIN (404); it may be gone already. Reload the list.',
  'api.access.telemetryBusy':
    'The service takes one telemetry configuration write at a time for the account, and another is under way (429). Try again {seconds, select, none {shortly} other {in {seconds} s}}.',
  'api.access.linkRefused':
    'The invitation was made, but the link the service gave for it is refused ({problem}): it is not shown. Revoke invitation {id} if it should not stand.',
};
