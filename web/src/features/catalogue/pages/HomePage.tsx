/**
 * The home page (UI.md "Home"): carousel beside the open category menu and the account panel, then the
 * flash sale, daily specials, activity entrances, one floor per category, the brands and 为你推荐.
 */
import '@/ui/goods.css';
import '../catalogue.css';
import '../home.css';
import { useUserBase } from '@/lib/session/get-user-base';
import { ActivityTiles } from '../components/home/ActivityTiles';
import { BrandStrip } from '../components/home/BrandStrip';
import { CategoryFloors } from '../components/home/CategoryFloors';
import { DailySpecialsFloor } from '../components/home/DailySpecialsFloor';
import { HeroCarousel } from '../components/home/HeroCarousel';
import { HomeUserPanel } from '../components/home/HomeUserPanel';
import { Recommendations } from '../components/home/Recommendations';
import { SpikeFloor } from '../components/home/SpikeFloor';

export default function HomePage() {
  const { data: user } = useUserBase();
  return (
    <div className="yct-container yct-home" data-testid="home-page">
      <div className="yct-home__top">
        {/* The category menu of the nav bar stays open over this space on the home page. */}
        <div className="yct-home__menu-space" aria-hidden="true" />
        <HeroCarousel />
        <HomeUserPanel user={user} />
      </div>
      <SpikeFloor />
      <DailySpecialsFloor />
      <ActivityTiles />
      <CategoryFloors />
      <BrandStrip />
      <Recommendations />
    </div>
  );
}
