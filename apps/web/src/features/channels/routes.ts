/** The channels screen the app's router loads on demand (one chunk). */
export const channelScreens = {
  index: () => import('./components/channels-screen').then((m) => m.ChannelsScreen),
};
