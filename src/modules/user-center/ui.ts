/** What the personal centre offers other modules' and the app's pages: the footprint recorder and the favourite star. */
export { useFootprint, recordVisit } from './web/components/use-footprint';
export { FavoriteStar } from './web/components/favorite-star';
