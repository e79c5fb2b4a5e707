// The app's identity as the installers register it. On Windows the AppUserModelID groups the
// window, its taskbar pin and its notifications (and their settings) under the installed app: it
// must be the installer's appId (electron-builder.yml), or Windows files them under Electron's
// default and notifications from an installed app may not show at all.
export const APP_USER_MODEL_ID = 'com.vehiclegarage.desktop';
